// `folder PATH|all`: which of the configured folders the wall shows. The path as the
// configuration names it; whether it is one of them is the app's to check.

extension CommandArgument {
    static let folder = CommandArgument(documented: ["`\"path\"`", "`\"all\"`"]) { name, value throws(ControlError) in
        guard let path = value.stringValue, !path.isEmpty else {
            throw ControlError("\(name) needs one of the configured folders or \"all\"; got \(value.brief)")
        }
        return .folder(path == "all" ? nil : path)
    }
}
