/// How much of a folder named to the scan makes the wall: the folder and every folder below it
/// (a library, which is what the wall is for), or the folder's own files alone — what a desktop
/// viewer steps through when one photo is opened (Loupe, Eye of GNOME, nsxiv), where the
/// months and events filed below it are other albums.
public enum FolderDepth: Sendable, Hashable {
    case tree
    case ownFiles
}
