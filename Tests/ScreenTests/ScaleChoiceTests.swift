import Testing
@testable import Screen

@Suite("How large the interface is drawn: the scale chosen") struct ScaleChoiceTests {
    private func choose(_ driver: String = "x11", requested: Double? = nil, gdk: String? = nil, qt: String? = nil,
                        dpi: String? = nil, ratio: Double = 1) -> ScaleChoice.Choice {
        var environment: [String: String] = [:]
        if let gdk { environment["GDK_SCALE"] = gdk }
        if let qt { environment["QT_SCALE_FACTOR"] = qt }
        return ScaleChoice.choose(.init(requested: requested, environment: environment, xftDPI: dpi,
                                        videoDriver: driver, drawableRatio: ratio))
    }

    @Test("nothing said on a plain X11 screen: 1")
    func standard() {
        #expect(choose() == .init(scale: 1, source: .standard))
        #expect(choose("wayland") == .init(scale: 1, source: .standard))
    }

    @Test("--scale wins over everything, the environment, the X resource and the display")
    func optionFirst() {
        #expect(choose(requested: 1.5, gdk: "2", qt: "3", dpi: "288", ratio: 2) == .init(scale: 1.5, source: .option))
        #expect(choose("wayland", requested: 1, ratio: 2) == .init(scale: 1, source: .option))
    }

    @Test("GDK_SCALE, then QT_SCALE_FACTOR, then Xft.dpi divided by 96")
    func environmentThenResource() {
        #expect(choose(gdk: "2", qt: "3", dpi: "288") == .init(scale: 2, source: .gdkScale))
        #expect(choose(qt: "1.5", dpi: "288") == .init(scale: 1.5, source: .qtScaleFactor))
        #expect(choose(dpi: "192") == .init(scale: 2, source: .xftDPI))
        #expect(choose(dpi: "144") == .init(scale: 1.5, source: .xftDPI))
        #expect(choose(dpi: "96") == .init(scale: 1, source: .xftDPI))
        // GDK_SCALE=1 is a choice too: it keeps a 192 dpi screen at 1.
        #expect(choose(gdk: "1", dpi: "192") == .init(scale: 1, source: .gdkScale))
    }

    @Test("on Wayland the drawable's pixels per window point, when nothing else says")
    func waylandDisplay() {
        #expect(choose("wayland", ratio: 2) == .init(scale: 2, source: .display))
        #expect(choose("wayland", gdk: "3", ratio: 2) == .init(scale: 3, source: .gdkScale))
        // An X resource means nothing to a Wayland window, and a ratio nothing to X11's.
        #expect(choose("wayland", dpi: "192") == .init(scale: 1, source: .standard))
        #expect(choose("x11", ratio: 2) == .init(scale: 1, source: .standard))
    }

    @Test("the console and the dummy driver stay at 1 unless --scale is given")
    func consoleStaysAtOne() {
        for driver in ["kmsdrm", "KMSDRM", "dummy", "offscreen"] {
            #expect(choose(driver, gdk: "2", qt: "2", dpi: "192", ratio: 2) == .init(scale: 1, source: .standard), "\(driver)")
            #expect(choose(driver, requested: 2) == .init(scale: 2, source: .option), "\(driver)")
        }
    }

    @Test("every scale is rounded to a quarter: 1.3 is 1.25, 110 dpi is 1.25, 100 dpi is 1")
    func roundedToAQuarter() {
        #expect(choose(requested: 1.3).scale == 1.25)
        #expect(choose(requested: 1.1).scale == 1)
        #expect(choose(requested: 0.6).scale == 0.5)
        #expect(choose(qt: "1.9").scale == 2)
        #expect(choose(dpi: "110").scale == 1.25)
        #expect(choose(dpi: "100").scale == 1)
        #expect(choose("wayland", ratio: 1.4999).scale == 1.5)
        #expect(ScaleChoice.rounded(2.125) == 2.25)
    }

    @Test("a guess from the environment never makes the interface smaller than 1 nor larger than 4")
    func guessesStayInRange() {
        #expect(choose(dpi: "72") == .init(scale: 1, source: .xftDPI))
        #expect(choose(dpi: "960") == .init(scale: 4, source: .xftDPI))
        #expect(choose("wayland", ratio: 0.5) == .init(scale: 1, source: .display))
        #expect(choose("wayland", ratio: 8) == .init(scale: 4, source: .display))
    }

    @Test("a value that means nothing is passed over, and said: GDK_SCALE=abc, GDK_SCALE=1.5, QT_SCALE_FACTOR=0, Xft.dpi: nan")
    func nonsenseIsPassedOver() {
        let abc = choose(gdk: "abc", dpi: "192")
        #expect(abc.scale == 2 && abc.source == .xftDPI)
        #expect(abc.ignored == ["GDK_SCALE=abc is not a whole number from 1 to 4"])
        #expect(choose(gdk: "1.5").ignored == ["GDK_SCALE=1.5 is not a whole number from 1 to 4"])
        #expect(choose(gdk: "0").ignored == ["GDK_SCALE=0 is not a whole number from 1 to 4"])
        let zero = choose(qt: "0")
        #expect(zero == .init(scale: 1, source: .standard, ignored: ["QT_SCALE_FACTOR=0 is not a number from 0.5 to 4"]))
        #expect(choose(qt: "inf").ignored == ["QT_SCALE_FACTOR=inf is not a number from 0.5 to 4"])
        #expect(choose(dpi: "nan") == .init(scale: 1, source: .standard, ignored: ["Xft.dpi: nan is not a number of dots per inch"]))
        #expect(choose(dpi: "-96").ignored == ["Xft.dpi: -96 is not a number of dots per inch"])
        // An empty variable is an unset one, as the toolkits read it.
        #expect(choose(gdk: "", qt: " ") == .init(scale: 1, source: .standard))
        // Not read at all where they mean nothing: no complaint about them either.
        #expect(choose(requested: 2, gdk: "abc").ignored.isEmpty)
        #expect(choose("kmsdrm", gdk: "abc").ignored.isEmpty)
    }

    @Test("the window's points become logical pixels by the drawable's ratio over the scale")
    func pointsToLogicalPixels() {
        #expect(ScaleChoice.logicalPerWindowPoint(drawableRatio: 1, scale: 2) == 0.5)
        #expect(ScaleChoice.logicalPerWindowPoint(drawableRatio: 2, scale: 2) == 1)
        #expect(ScaleChoice.logicalPerWindowPoint(drawableRatio: 2, scale: 1) == 2)
        #expect(ScaleChoice.logicalPerWindowPoint(drawableRatio: 0, scale: 2) == 0.5, "a window SDL could not measure counts as 1:1")
    }
}
