// Options of the photo-frame mode (docs/photo-frame.md).
import App
import ArgumentParser

struct SlideshowOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: "Start as a slideshow: one photo at a time, full screen-size, a crossfade between them.")
    var slideshow = false

    @Option(parsing: .unconditional, help: Limits.slideInterval.help("How long each photo stays", default: "10", valueName: "SECONDS"),
            transform: Limits.slideInterval.read)
    var interval: Double = 10

    @Option(help: "Between photos: fade (a crossfade), pan (a slow move over each photo, crossfaded) or none.")
    var transition: TransitionChoice = .fade

    @Option(help: "What fills the bars beside a photo that does not cover the screen: blur (a blurred, darkened copy of the photo) or black.")
    var mat: MatChoice = .blur

    @Option(parsing: .unconditional, help: Limits.transitionMs.help("How long a crossfade takes", default: "1000", valueName: "MS"),
            transform: Limits.transitionMs.read)
    var transitionMs = 1000

    @Flag(inversion: .prefixedNo, help: "Show two portrait photos side by side on a landscape screen, close in time where their dates say.")
    var pairPortraits = true

    @Option(help: ArgumentHelp("What to write on the photo: any of date, folder, name, place, description, clock, separated by commas.",
                               valueName: "LIST"))
    var slideshowCaption = ""

    @Option(help: ArgumentHelp("The caption clock's form as a strftime pattern, e.g. \"%H:%M\" (default: the locale's 12- or 24-hour time).",
                               valueName: "PATTERN"))
    var clockFormat: String?

    @Option(help: ArgumentHelp("Slideshow order: fair (each photo once per round, remembered across restarts), random, date or name "
                               + "(default: fair; started on a photo with S, name from that photo).", valueName: "ORDER"))
    var slideshowOrder: SlideshowOrderChoice?

    @Option(parsing: .unconditional, help: Limits.seed.help("Seed of the slideshow's shuffle, for a reproducible order", default: "random"),
            transform: Limits.seed.read)
    var shuffleSeed: UInt64?

    @Option(parsing: .unconditional, help: Limits.favourRecent.help("Photos taken within this many days come up earlier in each round",
                                                                    default: "0", valueName: "DAYS"),
            transform: Limits.favourRecent.read)
    var favourRecent: Double = 0

    @Option(parsing: .unconditional, help: Limits.slideshowAfter.help("Minutes without input on the wall before the slideshow starts",
                                                                      default: "0", valueName: "MINUTES"),
            transform: Limits.slideshowAfter.read)
    var slideshowAfter: Double = 0

    func validate() throws {
        if case .failure(let error) = SlideshowSettings.captions(from: slideshowCaption) {
            throw ValidationError("--slideshow-caption: \(error)")
        }
        if let clockFormat, let problem = SlideshowSettings.clockFormatProblem(clockFormat) {
            throw ValidationError("--clock-format: \"\(clockFormat)\" \(problem)")
        }
    }

    func apply(to options: inout ViewerOptions) {
        var s = SlideshowSettings()
        s.atStart = slideshow
        s.interval = interval
        s.transition = SlideshowSettings.Transition(rawValue: transition.rawValue) ?? .fade
        s.transitionSeconds = Double(transitionMs) / 1000
        s.mat = SlideshowSettings.Mat(rawValue: mat.rawValue) ?? .blur
        s.pairPortraits = pairPortraits
        s.captions = (try? SlideshowSettings.captions(from: slideshowCaption).get()) ?? []
        s.clockFormat = clockFormat
        s.order = slideshowOrder.flatMap { SlideshowSettings.Order(rawValue: $0.rawValue) }
        s.seed = shuffleSeed
        s.favourRecentDays = favourRecent > 0 ? favourRecent : nil
        s.after = slideshowAfter > 0 ? slideshowAfter * 60 : nil
        options.slideshow = s
    }
}

enum MatChoice: String, ExpressibleByArgument, CaseIterable { case blur, black }
enum TransitionChoice: String, ExpressibleByArgument, CaseIterable { case fade, pan, none }
enum SlideshowOrderChoice: String, ExpressibleByArgument, CaseIterable { case fair, random, date, name }
