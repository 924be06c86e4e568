import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

final class SpecializedRasterizationTextTests: XCTestCase {
    private func image(_ state: LayerState, scale: CGFloat = 1) throws -> CGImage {
        try XCTUnwrap(SpecializedContents.image(for: state, pixelsPerPoint: scale))
    }

    /// The height of one line of 20-point text: Pango's own metrics, measured independently of drawing.
    private func lineHeight(fontSize: CGFloat = 20) throws -> CGFloat {
        let artwork = try XCTUnwrap(TextArtwork(textState("A\nA", bounds: .zero, fontSize: fontSize).text))
        let lines = artwork.layoutMetrics(size: CGSize(width: 500, height: 500)).lines
        XCTAssertEqual(lines.count, 2)
        return lines[1].baseline - lines[0].baseline
    }

    func testGlyphsInkTheFirstLineBoxOnly() throws {
        let height = try lineHeight()
        XCTAssertEqual(height, 20 * 1.164, accuracy: 20 * 0.25, "a line is about 1.2 em")
        let picture = try image(textState("Hello", bounds: CGRect(x: 0, y: 0, width: 200, height: 100)))
        XCTAssertGreaterThan(picture.inkCount(rows: 0..<Int(height.rounded(.up))), 100)
        XCTAssertEqual(picture.inkCount(rows: Int(height.rounded(.up))..<100), 0)
        // Laid out from the top-left: ink starts within a few points of the corner.
        let box = try XCTUnwrap(picture.inkBox())
        XCTAssertLessThan(box.minX, 5)
        XCTAssertLessThan(box.minY, 10)
    }

    func testWrappingPutsASecondLineUnderTheFirst() throws {
        let height = Int(try lineHeight().rounded(.up))
        let text = "Hello world again"
        let bounds = CGRect(x: 0, y: 0, width: 90, height: 100)
        let single = try image(textState(text, bounds: bounds))
        XCTAssertEqual(single.inkCount(rows: height..<100), 0)
        let wrapped = try image(textState(text, bounds: bounds) { $0.isWrapped = true })
        XCTAssertGreaterThan(wrapped.inkCount(rows: 0..<height), 50)
        XCTAssertGreaterThan(wrapped.inkCount(rows: height..<2 * height), 50)
        let artwork = try XCTUnwrap(TextArtwork(textState(text, bounds: bounds) { $0.isWrapped = true }.text))
        let lines = artwork.layoutMetrics(size: bounds.size).lines
        XCTAssertGreaterThanOrEqual(lines.count, 2)
        XCTAssertTrue(lines.allSatisfy { $0.width <= 90 }, "\(lines)")
    }

    func testEndTruncationFitsTheBoundsAndEndsInAnEllipsis() throws {
        let text = String(repeating: "H", count: 30)
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        let truncated = try XCTUnwrap(TextArtwork(textState(text, bounds: bounds) { $0.truncationMode = .end }.text))
        let metrics = truncated.layoutMetrics(size: bounds.size)
        XCTAssertTrue(metrics.isEllipsized)
        XCTAssertEqual(metrics.lines.count, 1)
        XCTAssertLessThanOrEqual(metrics.lines[0].width, 100)
        let untruncated = try XCTUnwrap(TextArtwork(textState(text, bounds: bounds).text))
        XCTAssertFalse(untruncated.layoutMetrics(size: bounds.size).isEllipsized)
        XCTAssertGreaterThan(untruncated.layoutMetrics(size: bounds.size).lines[0].width, 300)

        // In pixels: H fills the cap height, the ellipsis's dots sit on the baseline. The last
        // inked columns hold only low ink; the first ones hold tall ink.
        let picture = try image(textState(text, bounds: bounds) { $0.truncationMode = .end })
        let box = try XCTUnwrap(picture.inkBox(threshold: 64))
        let capHeight = box.maxY - box.minY + 1
        XCTAssertGreaterThan(capHeight, 10)
        func inkHeight(columns: Range<Int>) -> Int {
            let rows = (0..<picture.height).filter { picture.inkCount(rows: $0..<$0 + 1, columns: columns, threshold: 64) > 0 }
            return (rows.max() ?? 0) - (rows.min() ?? 0) + 1
        }
        XCTAssertEqual(inkHeight(columns: box.minX..<box.minX + 3), capHeight)
        XCTAssertLessThan(inkHeight(columns: box.maxX - 2..<box.maxX + 1), capHeight / 3)
    }

    func testStartAndMiddleTruncationEllipsize() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        for mode in [CATextLayerTruncationMode.start, .middle] {
            let artwork = try XCTUnwrap(TextArtwork(textState(text, bounds: .zero) { $0.truncationMode = mode }.text))
            let metrics = artwork.layoutMetrics(size: CGSize(width: 120, height: 30))
            XCTAssertTrue(metrics.isEllipsized, mode.rawValue)
            XCTAssertLessThanOrEqual(metrics.lines.first?.width ?? .infinity, 120, mode.rawValue)
        }
    }

    func testRightAndCenterAlignmentMoveTheInk() throws {
        let bounds = CGRect(x: 0, y: 0, width: 200, height: 40)
        func inkBox(_ mode: CATextLayerAlignmentMode, wrapped: Bool) throws -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
            try XCTUnwrap(try image(textState("Hi", bounds: bounds) { $0.alignmentMode = mode; $0.isWrapped = wrapped }).inkBox())
        }
        for wrapped in [false, true] {
            let left = try inkBox(.left, wrapped: wrapped), right = try inkBox(.right, wrapped: wrapped)
            let center = try inkBox(.center, wrapped: wrapped)
            XCTAssertLessThan(left.maxX, 40)
            XCTAssertGreaterThan(right.minX, 160)
            XCTAssertGreaterThanOrEqual(right.maxX, 190)
            XCTAssertEqual(Double(center.minX + center.maxX) / 2, 100, accuracy: 4)
            XCTAssertEqual(try inkBox(.natural, wrapped: wrapped).minX, left.minX)
        }
    }

    func testJustifiedLinesReachBothEdgesExceptTheLast() throws {
        let bounds = CGRect(x: 0, y: 0, width: 150, height: 200)
        let text = "aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp"
        let artwork = try XCTUnwrap(TextArtwork(textState(text, bounds: bounds) {
            $0.isWrapped = true; $0.alignmentMode = .justified
        }.text))
        let picture = try XCTUnwrap(SpecializedContents.image(for: textState(text, bounds: bounds) {
            $0.isWrapped = true; $0.alignmentMode = .justified
        }, pixelsPerPoint: 1))
        let lines = artwork.layoutMetrics(size: bounds.size).lines
        XCTAssertGreaterThanOrEqual(lines.count, 3)
        let height = Int((lines[1].baseline - lines[0].baseline).rounded(.up))
        // The first line's ink reaches the right edge.
        XCTAssertGreaterThan(picture.inkCount(rows: 0..<height, columns: 140..<150), 0)
    }

    func testRunsKeepTheirColoursAndKerningWidens() throws {
        let bounds = CGRect(x: 0, y: 0, width: 300, height: 40)
        var state = textState("", bounds: bounds)
        state.text.runs = [TextLayerRun(text: "III", foregroundColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
                           TextLayerRun(text: "III", foregroundColor: CGColor(red: 0, green: 0, blue: 1, alpha: 1))]
        let picture = try image(state)
        let box = try XCTUnwrap(picture.inkBox(threshold: 200))
        let y = (box.minY + box.maxY) / 2
        let opaque = (box.minX...box.maxX).compactMap { x -> (r: UInt8, b: UInt8)? in
            guard let p = picture.premultipliedPixel(x: x, y: y), p.a == 255 else { return nil }
            return (p.r, p.b)
        }
        XCTAssertEqual(opaque.first?.r, 255)
        XCTAssertEqual(opaque.last?.b, 255)

        var kerned = state
        kerned.text.runs = state.text.runs.map { var run = $0; run.kerning = 10; return run }
        let kernedBox = try XCTUnwrap(try image(kerned).inkBox())
        // Five gaps between six letters widen by 10 points each (within the half-spacing Pango puts at the ends).
        XCTAssertEqual(Double((kernedBox.maxX - kernedBox.minX) - (box.maxX - box.minX)), 50, accuracy: 6)
    }

    func testArabicAndFallbackProduceInk() throws {
        let arabic = try image(textState("مرحبا بالعالم", bounds: CGRect(x: 0, y: 0, width: 300, height: 40)))
        XCTAssertGreaterThan(arabic.inkCount(rows: 0..<40), 100)
        // Natural alignment follows the right-to-left paragraph: the ink hugs the right edge.
        let box = try XCTUnwrap(arabic.inkBox())
        XCTAssertGreaterThan(box.maxX, 290)
        XCTAssertGreaterThan(box.minX, 100)
        // Fontconfig resolves Helvetica to an installed family.
        XCTAssertNotNil(PangoFontDescription.resolvedFamily(forFontNamed: "Helvetica"))
    }

    /// Han characters and emoji are not in the default font (DejaVu Sans): fontconfig falls
    /// back to the CJK and colour emoji fonts the setup scripts install.
    func testCJKAndEmojiFallBackToFontsThatHaveThem() throws {
        let han = try image(textState("你好世界", bounds: CGRect(x: 0, y: 0, width: 200, height: 40)))
        let hanBox = try XCTUnwrap(han.inkBox(threshold: 64))
        XCTAssertGreaterThan(hanBox.maxX - hanBox.minX, 60, "four ideographs of 20 points: about 80 points of ink")
        XCTAssertGreaterThan(han.inkCount(rows: 0..<40, threshold: 64), 200)

        let face = try image(textState("😀", bounds: CGRect(x: 0, y: 0, width: 60, height: 40)))
        // A colour glyph: some inked pixels are strongly yellow, which black text cannot be.
        var yellow = 0
        for y in 0..<face.height {
            for x in 0..<face.width {
                guard let p = face.premultipliedPixel(x: x, y: y), p.a > 200 else { continue }
                if p.r > 180 && p.g > 140 && p.b < 100 { yellow += 1 }
            }
        }
        XCTAssertGreaterThan(yellow, 20, "the emoji is drawn from a colour font")
    }

    func testScaleTwoDoublesTheTextPicture() throws {
        let state = textState("Hello", bounds: CGRect(x: 0, y: 0, width: 100, height: 30))
        let one = try XCTUnwrap(try image(state).inkBox()), two = try XCTUnwrap(try image(state, scale: 2).inkBox())
        XCTAssertEqual(Double(two.maxX - two.minX), 2 * Double(one.maxX - one.minX), accuracy: 3)
        XCTAssertEqual(Double(two.maxY - two.minY), 2 * Double(one.maxY - one.minY), accuracy: 3)
    }

    func testPostScriptNamesSplitIntoFamilyAndStyle() {
        XCTAssertTrue(PangoFontDescription.split(postScriptName: "Helvetica-Bold") == ("Helvetica", "Bold"))
        XCTAssertTrue(PangoFontDescription.split(postScriptName: "DejaVu Sans") == ("DejaVu Sans", nil))
        XCTAssertTrue(PangoFontDescription.split(postScriptName: "-x") == ("-x", nil))
    }

    func testConcurrentRasterizationMatchesSerial() throws {
        let states = (0..<8).map { index in
            textState("Line \(index) سلام", bounds: CGRect(x: 0, y: 0, width: 120, height: 30)) { $0.isWrapped = index % 2 == 0 }
        }
        let serial = try states.map { state -> Data in
            let artwork = try XCTUnwrap(TextArtwork(state.text))
            return try XCTUnwrap(SpecializedContents.rasterize(.text(artwork), covering: state.bounds, pixelsPerPoint: 1)).data
        }
        let results = ThreadLock([Data?](repeating: nil, count: states.count))
        DispatchQueue.concurrentPerform(iterations: states.count) { index in
            let image = SpecializedContents.image(for: states[index], pixelsPerPoint: 1)
            results.withLock { $0[index] = image?.data }
        }
        XCTAssertEqual(results.withLock { $0 }, serial)
    }

    func testEmptyTextGivesNil() {
        XCTAssertNil(SpecializedContents.image(for: textState("", bounds: CGRect(x: 0, y: 0, width: 10, height: 10)),
                                               pixelsPerPoint: 1))
    }
}
