/// Why a gazetteer table was refused, with the line that gave it away.
public enum GazetteerError: Error, Equatable, CustomStringConvertible {
    case notATable
    case badLine(Int, String)
    case wrongCount(expected: Int, found: Int)

    public var description: String {
        switch self {
        case .notATable: "not a cascade-gazetteer 1 table"
        case let .badLine(line, why): "line \(line): \(why)"
        case let .wrongCount(expected, found): "cut short or padded: the header says \(expected) lines, the file has \(found)"
        }
    }
}
