/// cascade's version, in one place: `cascade --version` prints it, and the thumbnail cache
/// records failures under `fail/cascade-<version>/`, so a new version tries again the photos an
/// older one could not thumbnail (as the freedesktop.org thumbnail specification intends).
public enum CascadeVersion {
    public static let string = "0.8.0"
}
