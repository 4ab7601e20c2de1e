/// The user's cache folder by the XDG base directory specification: `$XDG_CACHE_HOME` when it is
/// an absolute path, else `$HOME/.cache`; nil when neither is set (a service without a home).
/// Everything cascade keeps there (thumbnails, the photo index, offline copies, Immich's previews)
/// starts from this one rule, so they move together when the variable is set.
public enum CacheHome {
    public static func folder(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + (home.hasSuffix("/") ? ".cache" : "/.cache") }
        return nil
    }
}
