// A command that cannot do its job says why in one line; the executable prints it and exits
// non-zero.
public struct CommandError: Error, CustomStringConvertible {
    public let description: String
}
