import Testing
@testable import Photos

@Suite struct NaturalOrderTests {
    private func sorted(_ names: [String]) -> [String] {
        names.map { PhotoPath($0) }.sorted(by: NaturalOrder.areInIncreasingOrder).map(\.string)
    }

    @Test func numbersCompareByValue() {
        #expect(sorted(["IMG_10.jpg", "IMG_2.jpg", "IMG_1.jpg", "IMG_100.jpg", "IMG_20.jpg"])
                == ["IMG_1.jpg", "IMG_2.jpg", "IMG_10.jpg", "IMG_20.jpg", "IMG_100.jpg"])
        #expect(sorted(["v1.10", "v1.9", "v1.2"]) == ["v1.2", "v1.9", "v1.10"])
    }

    @Test func caseDoesNotSeparateNames() {
        #expect(sorted(["b.jpg", "C.jpg", "a.jpg", "B.jpg"]) == ["a.jpg", "B.jpg", "b.jpg", "C.jpg"])
    }

    @Test func leadingZerosBreakTiesOnly() {
        #expect(sorted(["x1", "x01", "x001", "x2", "x02"]) == ["x001", "x01", "x1", "x02", "x2"])
    }

    @Test func aFoldersPhotosStayTogether() {
        #expect(sorted(["a.jpg", "a b/1.jpg", "a/2.jpg", "a/10.jpg", "a-z.jpg"])
                == ["a/2.jpg", "a/10.jpg", "a b/1.jpg", "a-z.jpg", "a.jpg"])
    }

    @Test func hugeNumbersDoNotOverflow() {
        let big = "img_" + String(repeating: "9", count: 40)
        let bigger = "img_1" + String(repeating: "0", count: 40)
        #expect(sorted([bigger, big, "img_5"]) == ["img_5", big, bigger])
    }

    @Test func nonUTF8BytesSort() {
        let a: [UInt8] = [0xFF, 0x31]
        let b: [UInt8] = [0xFF, 0x32]
        let c: [UInt8] = [0xFE, 0x39]
        #expect(NaturalOrder.compare(a, b) < 0)
        #expect(NaturalOrder.compare(c, a) < 0)
        #expect(NaturalOrder.compare(a, a) == 0)
    }

    @Test func orderIsTotal() {
        // Antisymmetric, transitive, and equal only for equal bytes, over a set of tricky names.
        let names: [[UInt8]] = ["", "a", "A", "a0", "a00", "a1", "A1", "a01", "a001", "a10", "a1b", "a1B", "a/1", "a 1",
                                "a.1", "1", "01", "001", "0", "00", "z", "Z9", "é", "É", "a\u{7F}", "_", "~", "a/b", "a/B"]
            .map { Array($0.utf8) } + [[0xFF], [0xFF, 0x30], [0x80, 0x41]]
        for x in names {
            for y in names {
                let xy = NaturalOrder.compare(x, y)
                #expect(xy.signum() == -NaturalOrder.compare(y, x).signum())
                #expect((xy == 0) == (x == y))
                for z in names where xy < 0 && NaturalOrder.compare(y, z) < 0 {
                    #expect(NaturalOrder.compare(x, z) < 0)
                }
            }
        }
    }
}
