// The gazetteer the viewer names places with: one per process, found in cascade's assets like
// the sample photos (`assets/gazetteer/places.tsv`, or `PREFIX/share/cascade/gazetteer/` when
// installed) and read on the first place named, on a background thread (InstalledGazetteer).

import Photos
import Screen

enum PlaceNames {
    static let table = "gazetteer/places.tsv"

    static let installed = InstalledGazetteer(path: AssetLocator.locate().map { PhotoPath($0 + "/" + table) })

    /// `summary` with the town nearest its GPS position, if any. Blocks on the first call while
    /// the table is read: never call it on the frame loop.
    static func named(_ summary: ExifSummary) -> ExifSummary {
        summary.named(by: installed.name)
    }
}
