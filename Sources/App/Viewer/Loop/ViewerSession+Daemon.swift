// The frame loop's side of the daemon (docs/kiosk.md): work handed over by other threads, events
// for other programs, and a configuration reloaded on SIGHUP.

import Foundation
import Logging
import Photos
import Screen

extension ViewerSession {
    /// Work other threads left for the loop, taken after a wake-up.
    func takeDaemonWork() {
        if daemon.signals?.stopRequested == true {
            log.info("stopping on a signal")
            running = false
            return
        }
        if daemon.signals?.takeHangup() == true { daemon.reload.request() }
        reloadConfiguration(at: ProcessClock.now())
        answerControlRequests()
        answerMqttMessages()
        applyFolderChanges()
        applyFinishedEdits()
    }

    /// New, changed and removed photos enter the wall in their place in the order, the tile at
    /// the top of the screen staying where it is (the engine's anchored relayout).
    func applyFolderChanges() {
        guard let live = daemon.live else { return }
        while let edit = live.takeEdit() { applyEdit(edit, by: .folder) }
    }

    /// One edit of the wall's photos — a folder's, or the viewer's own (a photo trashed or put
    /// back) — through the engine's anchored relayout; other programs hear of each photo that
    /// came or went, and the screens over the wall of the change.
    func applyEdit(_ edit: LibraryEdit, by change: PhotosChange) {
        let before = wall.entries
        // Only arrivals are new: a photo put back from the trash, or a re-sort, is one the person
        // already knew, and a highlight would send them looking for what changed.
        wall.apply(edit, highlightingFor: change == .viewer ? 0 : options.highlightNew, now: clock.now,
                   stayAtTop: change == .folder && options.newestFirst, keepingLanes: true)
        for index in edit.removed.sorted() { emit(.removed(index: index, path: before[index].path)) }
        for index in edit.inserted { emit(.added(index: index, path: edit.entries[index].path)) }
        if !edit.isEmpty {
            for screen in stack.screens.dropFirst() { screen.photosChanged(wall.entries, by: change) }
            if !edit.changed.isEmpty {
                let fresh = edit.changed.map { edit.entries[$0] }
                for screen in stack.screens.dropFirst() { screen.photosRewritten(fresh) }
            }
            if change == .folder {
                log.info("folder changed: \(edit.inserted.count) added, \(edit.removed.count) removed, \(edit.changed.count) changed; \(edit.entries.count) photos")
            }
        }
        dirty = true
    }

    /// SIGHUP: the configuration is read again, off the loop (ConfigReload), then applied
    /// here and the folders rescanned; the wall keeps the photo at the top of the screen. A bad
    /// file is reported and the running configuration stays — a typo in a kiosk's config must
    /// not take the wall down.
    func reloadConfiguration(at now: Double) {
        if let outcome = daemon.reload.take() {
            switch outcome {
            case .success(let new): if let new { apply(new) }
            case .failure(let error): log.error("configuration not reloaded, the running one stays: \(error)")
            }
            if daemon.beginReload(scanning: scanning) { rescan() }
        }
        if daemon.reload.startIfDue(at: now, reread: options.reread) {
            log.info("SIGHUP: reloading the configuration")
            daemon.notifier?.reloading()
        }
    }

    /// Takes what can change while running; says what needs a restart.
    private func apply(_ new: ViewerOptions) {
        var new = new
        // What the running process cannot change kept its running value (Configuration).
        for note in new.restartOnlyNotes { log.warning("\(note)") }
        if new.mqtt != options.mqtt {
            log.warning("[mqtt] changes only on restart; the bus stays as it is")
            new.mqtt = options.mqtt
        }
        try? Viewer.adoptImmichLink(&new)
        if new.immich != options.immich {
            log.warning("[sources.immich] changes only on restart; the server and selection stay as they are")
            new.immich = options.immich
        }
        // The Immich cache folder is one of the folders shown, though no file names it.
        if let immich = daemon.immich, !new.paths.contains(immich.folder) { new.paths.append(immich.folder) }
        if new.paths != options.paths {
            do {
                let chosen = try Viewer.choose(new.paths)
                scanPaths = chosen.paths
                scanDepth = chosen.depth
            } catch {
                log.error("keeping the folders shown: \(error)")
                new.paths = options.paths
            }
        }
        if new.style != options.style { wall.restyle(new.style) }
        if new.rotation != options.rotation { turn(to: new.rotation) }
        if new.onSelect != options.onSelect || new.onSelectLimit != options.onSelectLimit {
            // The old runner lives on until its commands are reaped.
            do { daemon.onSelect = try OnSelect.runner(for: new, log: log) } catch { log.error("on-select stays as it was: \(error)") }
        }
        if new.wallOrder != options.wallOrder { log.info("new order: the rescan shows it") }
        if new.stats != options.stats { statsPanel.shown = new.stats }
        if new.keyBindings != options.keyBindings { keys = KeyBindings(configured: new.keyBindings, immich: new.immich != nil) }
        idle.configure(attractAfter: new.attractAfter, speed: new.attractSpeed, detailTimeout: new.detailTimeout)
        screen.configure(schedule: new.screenSchedule, offAfter: new.screenOffAfter)
        if new.cec != options.cec || new.cecDevice != options.cecDevice {
            television?.close()
            television = new.cec ? CecTelevision(device: new.cecDevice, log: log) : nil
            if !new.cec { log.info("cec: off; the TV is no longer told") }
        }
        options = new
    }
}
