// Options for cascade as a service: the control socket, on-select commands, live folders
// and kiosk mode (docs/kiosk.md).
import App
import ArgumentParser

struct DaemonOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Listen for JSON commands on this Unix socket (mode 0600).", valueName: "PATH").restartOnly())
    var control: String?

    @Option(help: ArgumentHelp("Let this group use the control socket too (mode 0660).", valueName: "GROUP").restartOnly())
    var controlGroup: String?

    @Option(help: ArgumentHelp("On the console (kmsdrm), the display device to use: card1, /dev/dri/card1 or a /dev/dri/by-path/… link; default: the first with a connected screen.",
                               valueName: "PATH").restartOnly())
    var drmDevice: String?

    @Option(help: ArgumentHelp("Run this command when a photo is selected; {path}, {uri} and {index} are replaced. No shell is involved; for one, pass the photo after the script: sh -c '… \"$1\" …' sh {path}.",
                               valueName: "COMMAND"))
    var onSelect: String?

    @Option(parsing: .unconditional, help: Limits.onSelectLimit.help("At most this many on-select commands run at once", default: "4"),
            transform: Limits.onSelectLimit.read)
    var onSelectLimit = 4

    @Flag(inversion: .prefixedNo, help: "Show new, changed and removed photos as the folders change.")
    var watch = true

    @Flag(inversion: .prefixedNo, help: ArgumentHelp("Kiosk: full screen, no cursor, no quitting keys, attract mode after 60 s, photos close after 30 s.")
            .restartOnly())
    var kiosk = false

    @Option(parsing: .unconditional, help: Limits.attractAfter.help("Seconds without input before the wall scrolls by itself", default: "0, kiosk 60",
                                           valueName: "SECONDS"),
            transform: Limits.attractAfter.read)
    var attractAfter: Double?

    @Option(parsing: .unconditional, help: Limits.attractSpeed.help("Speed of the attract scroll", default: "40", valueName: "PX"), transform: Limits.attractSpeed.read)
    var attractSpeed: Double = 40

    @Option(parsing: .unconditional, help: Limits.detailTimeout.help("Seconds without input before an open photo returns to the wall", default: "0, kiosk 30",
                                            valueName: "SECONDS"),
            transform: Limits.detailTimeout.read)
    var detailTimeout: Double?

    @Flag(inversion: .prefixedNo, help: "In kiosk mode, keep q and Ctrl+Q quitting.")
    var allowQuit = false

    @Flag(inversion: .prefixedNo, help: "Newest photos first; new arrivals appear at the top, highlighted for a few seconds.")
    var newestFirst = false

    @Option(parsing: .unconditional, help: Limits.highlightNew.help("How long a new arrival stays highlighted", default: "8", valueName: "SECONDS"),
            transform: Limits.highlightNew.read)
    var highlightNew: Double = 8

    @Option(help: ArgumentHelp("When the screen is on, in local time, e.g. 'Mon-Fri 07:00-22:00, Sat-Sun 09:00-23:00'; off outside it until touched.",
                               valueName: "SCHEDULE"))
    var screenSchedule: String?

    @Option(parsing: .unconditional, help: Limits.screenOffAfter.help("Minutes without input before the screen goes off (fractions allowed)",
                                             default: "0", valueName: "MINUTES"),
            transform: Limits.screenOffAfter.read)
    var screenOffAfter: Double?

    @Flag(inversion: .prefixedNo, help: "Turn the TV off and on with the screen over HDMI-CEC (/dev/cec*), and switch it to this input.")
    var cec = false

    @Option(help: ArgumentHelp("The HDMI-CEC adapter for --cec; default: the first /dev/cec* that is a source, not a TV's own.", valueName: "PATH"))
    var cecDevice: String?

    @Option(help: ArgumentHelp("Join the home's MQTT bus (Home Assistant): mqtt://[user@]host[:port] or mqtts://…; the rest in the configuration's [mqtt].",
                               valueName: "URL").restartOnly())
    var mqtt: String?

    func validate() throws {
        if let screenSchedule {
            do { _ = try ScreenSchedule(parsing: screenSchedule) } catch { throw ValidationError("--screen-schedule: \(error)") }
        }
        if let control, control.isEmpty { throw ValidationError("--control needs a socket path") }
        if let mqtt {
            if let problem = ViewerOptions.mqttURLProblem(mqtt) { throw ValidationError("--mqtt: \(problem)") }
        }
        if let cecDevice, cecDevice.isEmpty { throw ValidationError("--cec-device needs an adapter, e.g. /dev/cec1") }
        if let drmDevice, drmDevice.isEmpty { throw ValidationError("--drm-device needs a device, e.g. card1 or /dev/dri/by-path/…") }
        if let onSelect {
            do { try OnSelect.check(onSelect) } catch { throw ValidationError("--on-select: \(error)") }
        }
    }

    func apply(to options: inout ViewerOptions) {
        options.control = control
        options.controlGroup = controlGroup
        options.drmDevice = drmDevice
        // Checked in validate().
        options.useMqtt(url: mqtt)
        options.onSelect = onSelect
        options.onSelectLimit = onSelectLimit
        options.watch = watch
        options.kiosk = kiosk
        if kiosk { options.fullscreen = true }
        options.attractAfter = attractAfter ?? (kiosk ? 60 : 0)
        options.attractSpeed = attractSpeed
        options.detailTimeout = detailTimeout ?? (kiosk ? 30 : 0)
        options.quitKeys = !kiosk || allowQuit
        options.newestFirst = newestFirst
        options.highlightNew = highlightNew
        // Checked in validate().
        options.screenSchedule = screenSchedule.flatMap { try? ScreenSchedule(parsing: $0) }
        options.screenOffAfter = screenOffAfter.flatMap { $0 > 0 ? $0 * 60 : nil }
        options.cec = cec
        options.cecDevice = cecDevice
    }
}
