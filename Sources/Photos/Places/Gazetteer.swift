// Place names for GPS coordinates, offline: the nearest town in a table built from GeoNames
// (assets/gazetteer, made by script/dev/build-gazetteer). Pure: bytes in, names out; reading the
// file is InstalledGazetteer's. Places are kept sorted by latitude, so a lookup binary-searches
// the band of latitudes within reach and measures only the places in it — a few hundred at most
// in the densest band, no tree to build at load.

import Foundation

/// A table of places and the nearest-place search over it.
public struct Gazetteer: Sendable {
    /// How far a photo may be from a place and still be named after it. The table keeps a place
    /// at least every ~10 km wherever people live; beyond this a photo is out at sea, on a
    /// glacier or in a desert, and its coordinates say more than a town's name would.
    public static let reachKilometres = 50.0

    public struct Place: Sendable, Equatable {
        public var name: String
        public var country: String
        public var latitude: Double
        public var longitude: Double

        /// "Lyon, France".
        public var caption: String { name + ", " + country }
    }

    /// The table's places, sorted by latitude, in units of 1e-3 degrees.
    private let latitudes: [Int32]
    private let longitudes: [Int32]
    private let names: [String]
    private let countryOfPlace: [UInt16]
    private let countries: [String]

    public var count: Int { names.count }

    /// Reads a table; anything that does not match the format exactly is refused whole, since
    /// a table cut short or mangled could name a place wrongly.
    public init(table: [UInt8]) throws(GazetteerError) {
        let parsed = try GazetteerTable.parse(table)
        latitudes = parsed.latitudes
        longitudes = parsed.longitudes
        names = parsed.names
        countryOfPlace = parsed.countryOfPlace
        countries = parsed.countries
    }

    /// "Lyon, France" for the place nearest to the point within `reachKilometres`; nil when none is.
    public func name(latitude: Double, longitude: Double) -> String? {
        nearest(latitude: latitude, longitude: longitude)?.caption
    }

    /// The place nearest to the point (degrees, north and east positive) within `kilometres`.
    public func nearest(latitude: Double, longitude: Double, within kilometres: Double = reachKilometres) -> Place? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
              kilometres > 0, !latitudes.isEmpty else { return nil }
        let band = kilometres / Self.kilometresPerDegree
        let low = Int32(((latitude - band) * 1000).rounded(.down)), high = Int32(((latitude + band) * 1000).rounded(.up))
        // How many degrees of longitude `kilometres` spans at the band's edge nearest a pole;
        // where the band reaches a pole, every longitude is within reach.
        let poleward = min(90, abs(latitude) + band)
        let cosine = cos(poleward * .pi / 180)
        let longitudeReach = poleward >= 89.999 || cosine * 180 <= band ? 180 : band / cosine
        var best: (index: Int, distance: Double)?
        var i = firstIndex(atOrAbove: low)
        while i < latitudes.count, latitudes[i] <= high {
            let placeLongitude = Double(longitudes[i]) / 1000
            var apart = abs(placeLongitude - longitude)
            if apart > 180 { apart = 360 - apart }
            if apart <= longitudeReach {
                let distance = Self.kilometres(latitude, longitude, Double(latitudes[i]) / 1000, placeLongitude)
                if distance <= kilometres, distance < best?.distance ?? .infinity { best = (i, distance) }
            }
            i += 1
        }
        return best.map { place(at: $0.index) }
    }

    private func place(at i: Int) -> Place {
        Place(name: names[i], country: countries[Int(countryOfPlace[i])],
              latitude: Double(latitudes[i]) / 1000, longitude: Double(longitudes[i]) / 1000)
    }

    private func firstIndex(atOrAbove latitude: Int32) -> Int {
        var low = 0, high = latitudes.count
        while low < high {
            let middle = (low + high) / 2
            if latitudes[middle] < latitude { low = middle + 1 } else { high = middle }
        }
        return low
    }

    static let earthRadius = 6371.0088
    static let kilometresPerDegree = earthRadius * .pi / 180

    /// Great-circle distance (haversine), right across the 180th meridian and over the poles.
    static func kilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let p1 = lat1 * .pi / 180, p2 = lat2 * .pi / 180
        let dp = p2 - p1, dl = (lon2 - lon1) * .pi / 180
        let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * earthRadius * asin(min(1, a.squareRoot()))
    }
}
