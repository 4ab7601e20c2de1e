import Foundation
import Testing
import TestSupport
@testable import Photos

@Suite struct GazetteerTests {
    /// A table in the shipped format: countries, then places in 1e-3 degrees sorted by latitude.
    static func table(_ places: [(Double, Double, String, String)], countries: [(String, String)]? = nil,
                      declaredPlaces: Int? = nil) -> [UInt8] {
        let countries = countries ?? [("FJ", "Fiji"), ("FR", "France"), ("NO", "Norway"), ("AQ", "Antarctica"), ("RU", "Russia")]
        var lines = ["cascade-gazetteer 1 \(countries.count) \(declaredPlaces ?? places.count)", "# a test table"]
        lines += countries.map { "\($0.0)\t\($0.1)" }
        lines += places.sorted { $0.0 < $1.0 }.map { "\(Int(($0.0 * 1000).rounded()))\t\(Int(($0.1 * 1000).rounded()))\t\($0.2)\t\($0.3)" }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    static let world = table([
        (45.749, 4.848, "FR", "Lyon"), (45.764, 5.100, "FR", "Pusignan"), (48.853, 2.349, "FR", "Paris"),
        (-16.800, 179.990, "FJ", "Across"), (-16.900, 178.400, "FJ", "Labasa"),
        (89.950, 10.000, "NO", "Top"), (85.000, 0.000, "NO", "Far North"), (-89.990, 139.000, "AQ", "Bottom"),
        (65.000, -179.950, "RU", "Chukotka"),
    ])

    @Test("a point in Lyon is Lyon, France; a point in the middle of the ocean is nowhere")
    func nearestInLyon() throws {
        let gazetteer = try Gazetteer(table: Self.world)
        #expect(gazetteer.count == 9)
        #expect(gazetteer.name(latitude: 45.7578, longitude: 4.8320) == "Lyon, France")
        #expect(gazetteer.nearest(latitude: 45.76, longitude: 5.09)?.name == "Pusignan")
        #expect(gazetteer.name(latitude: 30, longitude: -40) == nil)
        // 60 km from Paris: beyond the reach, so the coordinates stand.
        #expect(gazetteer.name(latitude: 48.853, longitude: 3.17) == nil)
        #expect(gazetteer.name(latitude: 48.853, longitude: 2.9) == "Paris, France")
    }

    @Test("across the 180th meridian the nearest place is found on the other side")
    func acrossTheMeridian() throws {
        let gazetteer = try Gazetteer(table: Self.world)
        #expect(gazetteer.nearest(latitude: -16.8, longitude: -179.99)?.name == "Across")
        #expect(gazetteer.nearest(latitude: 65.0, longitude: 179.95)?.name == "Chukotka")
        #expect(gazetteer.nearest(latitude: -16.8, longitude: 180)?.name == "Across")
    }

    @Test("near the poles every longitude is close, and a far one is still far")
    func nearThePoles() throws {
        let gazetteer = try Gazetteer(table: Self.world)
        // Over the pole from Top: 0.05° + 0.1° of latitude, about 17 km.
        #expect(gazetteer.nearest(latitude: 89.9, longitude: -170)?.name == "Top")
        #expect(gazetteer.nearest(latitude: 90, longitude: 0)?.name == "Top")
        #expect(gazetteer.nearest(latitude: -90, longitude: 0)?.name == "Bottom")
        // At 85° N a quarter turn of longitude is about 870 km away.
        #expect(gazetteer.nearest(latitude: 85, longitude: 90) == nil)
        #expect(gazetteer.nearest(latitude: 85, longitude: 1)?.name == "Far North")
    }

    @Test("out-of-range or non-finite coordinates name nothing")
    func badCoordinates() throws {
        let gazetteer = try Gazetteer(table: Self.world)
        for (lat, lon) in [(Double.nan, 4.8), (45.7, .infinity), (95, 4.8), (45.7, 200)] {
            #expect(gazetteer.nearest(latitude: lat, longitude: lon) == nil)
        }
    }

    @Test("a truncated, corrupt or foreign table is refused whole")
    func corruptTables() {
        let good = Self.world
        let cut = Array(good[..<(good.count - 20)])
        let badNumber = Array(String(decoding: good, as: UTF8.self).replacingOccurrences(of: "45749", with: "4x749").utf8)
        let unknownCountry = Self.table([(45.749, 4.848, "ZZ", "Lyon")])
        let overstated = Self.table([(45.749, 4.848, "FR", "Lyon")], declaredPlaces: 2)
        let unsorted = Array("cascade-gazetteer 1 1 2\nFR\tFrance\n2000\t0\tFR\tB\n1000\t0\tFR\tA\n".utf8)
        let outOfRange = Self.table([(95, 4.848, "FR", "Lyon")])
        for (name, bytes) in [("cut", cut), ("bad number", badNumber), ("unknown country", unknownCountry),
                              ("overstated count", overstated), ("unsorted", unsorted), ("out of range", outOfRange),
                              ("empty", []), ("binary", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }),
                              ("other header", Array("cascade-gazetteer 2 0 0\n".utf8))] {
            #expect(throws: GazetteerError.self, "\(name)") { try Gazetteer(table: bytes) }
        }
    }

    @Test("the installed table is read once, on first use; a damaged one gives no names and one warning")
    func installedTable() throws {
        let folder = TemporaryFolder("cascade-gazetteer")
        let good = try folder.bytes("good.tsv", Self.world)
        let log = LogRecorder()
        let installed = InstalledGazetteer(path: PhotoPath(good), logger: log.logger)
        #expect(installed.name(latitude: 45.7578, longitude: 4.8320) == "Lyon, France")
        #expect(installed.name(latitude: 30, longitude: -40) == nil)
        #expect(log.messages(at: .warning).isEmpty)

        let cut = try folder.bytes("cut.tsv", Array(Self.world.dropLast(20)))
        let damaged = InstalledGazetteer(path: PhotoPath(cut), logger: log.logger)
        for _ in 0..<3 { #expect(damaged.name(latitude: 45.7578, longitude: 4.8320) == nil) }
        let warnings = log.messages(at: .warning)
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains(cut) == true, "the warning names the file: \(warnings)")

        let quiet = LogRecorder()
        let missing = InstalledGazetteer(path: PhotoPath(folder.path + "/none.tsv"), logger: quiet.logger)
        #expect(missing.name(latitude: 45.7578, longitude: 4.8320) == nil)
        #expect(missing.name(latitude: 45.7578, longitude: 4.8320) == nil)
        #expect(quiet.messages(at: .warning).count == 1)
        let none = InstalledGazetteer(path: nil, logger: quiet.logger)
        #expect(none.name(latitude: 45.7578, longitude: 4.8320) == nil)
    }

    @Test("the shipped table names Lyon, Paris and Sydney, and leaves the open sea to coordinates")
    func shippedTable() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: packageRoot + "/assets/gazetteer/places.tsv")))
        let gazetteer = try Gazetteer(table: bytes)
        #expect(gazetteer.count > 50_000)
        #expect(gazetteer.name(latitude: 45.7578, longitude: 4.8320) == "Lyon, France")
        #expect(gazetteer.name(latitude: 48.85830, longitude: 2.29450) == "Paris, France")
        #expect(gazetteer.name(latitude: -33.86667, longitude: 151.21) == "Sydney, Australia")
        #expect(gazetteer.name(latitude: 30, longitude: -40) == nil)
        #expect(gazetteer.name(latitude: -50, longitude: -140) == nil)
    }

    @Test("a summary names its place from the gazetteer; without GPS or a name its coordinates stand")
    func summaryNamesItsPlace() throws {
        let gazetteer = try Gazetteer(table: Self.world)
        var summary = ExifSummary()
        summary.latitude = 45.7578; summary.longitude = 4.8320
        #expect(summary.named(by: gazetteer.name).whereTaken == "Lyon, France")
        summary.latitude = 30; summary.longitude = -40
        #expect(summary.named(by: gazetteer.name).whereTaken == "30.00000° N, 40.00000° W")
        #expect(ExifSummary().named(by: gazetteer.name).whereTaken == nil)
    }
}
