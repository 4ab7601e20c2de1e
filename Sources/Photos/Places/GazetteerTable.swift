// The table's text format, as script/dev/build-gazetteer writes it:
//   cascade-gazetteer 1 <countries> <places>
//   # comments
//   <code> TAB <country name>                      × countries
//   <lat> TAB <lon> TAB <code> TAB <name>          × places, 1e-3 degrees, sorted by lat
// Read by hand over the bytes, one pass: 70,000 lines parse in milliseconds this way, where
// splitting into Strings first takes several times as long.

enum GazetteerTable {
    struct Parsed {
        var latitudes: [Int32] = []
        var longitudes: [Int32] = []
        var names: [String] = []
        var countryOfPlace: [UInt16] = []
        var countries: [String] = []
    }

    static let magic = "cascade-gazetteer 1"
    static let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")

    static func parse(_ bytes: [UInt8]) throws(GazetteerError) -> Parsed {
        var lines = bytes.split(separator: newline, omittingEmptySubsequences: false)[...]
        // The file ends with a newline: the last piece is empty, or the file was cut mid-line.
        guard let last = lines.popLast(), last.isEmpty, let header = lines.popFirst() else { throw .notATable }
        let words = header.split(separator: UInt8(ascii: " "))
        guard words.count == 4, String(decoding: header.prefix(magic.utf8.count), as: UTF8.self) == magic,
              let countryCount = number(words[2]), let placeCount = number(words[3]), countryCount >= 0, placeCount >= 0,
              countryCount <= Int(UInt16.max) else { throw .notATable }
        var lineNumber = 1
        while let first = lines.first, first.first == UInt8(ascii: "#") { lines.removeFirst(); lineNumber += 1 }
        guard lines.count == countryCount + placeCount else {
            throw .wrongCount(expected: countryCount + placeCount, found: lines.count)
        }
        var parsed = Parsed()
        var countryIndex: [UInt16: UInt16] = [:]  // two ASCII letters as one number
        for line in lines.prefix(countryCount) {
            lineNumber += 1
            let fields = line.split(separator: tab, omittingEmptySubsequences: false)
            guard fields.count == 2, let code = countryCode(fields[0]), !fields[1].isEmpty, countryIndex[code] == nil
            else { throw .badLine(lineNumber, "not a country: a two-letter code, a tab and a name") }
            countryIndex[code] = UInt16(parsed.countries.count)
            parsed.countries.append(String(decoding: fields[1], as: UTF8.self))
        }
        parsed.latitudes.reserveCapacity(placeCount); parsed.longitudes.reserveCapacity(placeCount)
        parsed.names.reserveCapacity(placeCount); parsed.countryOfPlace.reserveCapacity(placeCount)
        for line in lines.dropFirst(countryCount) {
            lineNumber += 1
            let fields = line.split(separator: tab, omittingEmptySubsequences: false)
            guard fields.count == 4, let latitude = number(fields[0]), let longitude = number(fields[1]),
                  abs(latitude) <= 90_000, abs(longitude) <= 180_000, !fields[3].isEmpty
            else { throw .badLine(lineNumber, "not a place: latitude, longitude, country and name, tab-separated") }
            guard let code = countryCode(fields[2]), let country = countryIndex[code]
            else { throw .badLine(lineNumber, "a country the table does not list") }
            guard latitude >= parsed.latitudes.last.map(Int.init) ?? Int.min
            else { throw .badLine(lineNumber, "places out of order: the table is sorted by latitude") }
            parsed.latitudes.append(Int32(latitude)); parsed.longitudes.append(Int32(longitude))
            parsed.countryOfPlace.append(country)
            parsed.names.append(String(decoding: fields[3], as: UTF8.self))
        }
        return parsed
    }

    /// A decimal integer of at most 9 digits, optionally negative; nil for anything else.
    private static func number(_ field: ArraySlice<UInt8>) -> Int? {
        var digits = field[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    private static func countryCode(_ field: ArraySlice<UInt8>) -> UInt16? {
        guard field.count == 2, field.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return nil }
        return UInt16(field[field.startIndex]) << 8 | UInt16(field[field.startIndex + 1])
    }
}
