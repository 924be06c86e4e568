import XCTest
@testable import QuartzCore
@_spi(RenderTables) @testable import QuartzCoreModel

/// A layer's Core Image filters reached by key path (`filters.NAME.KEY`,
/// `backgroundFilters.NAME.KEY`): read, set, animated explicitly and implicitly, and committed
/// into the render tree.
final class LayerFilterKeyPathTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    /// The guide's Kiosk Menu filter (003:1664-1667): a bloom named `pulseFilter`.
    private func pulseFilter() throws -> CIFilter {
        let bloom = try XCTUnwrap(CIFilter(name: "CIBloom"))
        bloom.setDefaults()
        bloom.setValue(5.0, forKey: kCIInputRadiusKey)
        bloom.name = "pulseFilter"
        return bloom
    }

    private func scalar(_ layer: CALayer, _ keyPath: String) -> Double? {
        (layer.value(forKeyPath: keyPath) as? CGFloat).map(Double.init)
    }

    func testParametersAreReadByKeyPath() throws {
        let layer = CALayer()
        layer.filters = [try pulseFilter()]
        XCTAssertEqual(scalar(layer, "filters.pulseFilter.inputIntensity"), 0.5)
        XCTAssertEqual(scalar(layer, "filters.pulseFilter.inputRadius"), 5)
        XCTAssertNil(layer.value(forKeyPath: "filters.glow.inputRadius"))
        XCTAssertNil(layer.value(forKeyPath: "filters.pulseFilter.inputNoSuchKey"))
        XCTAssertNil(layer.value(forKeyPath: "backgroundFilters.pulseFilter.inputRadius"))
    }

    func testSettingAKeyPathChangesTheLayersCopyAndTheFilter() throws {
        let layer = CALayer()
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 20]))
        blur.name = "blur"
        layer.backgroundFilters = [blur]
        layer.setValue(8, forKeyPath: "backgroundFilters.blur.inputRadius")
        XCTAssertEqual(scalar(layer, "backgroundFilters.blur.inputRadius"), 8)
        XCTAssertEqual((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 8)
        XCTAssertEqual(layer.state.filters?.backgroundFilters.first?.scalar(kCIInputRadiusKey, or: -1), 8)
    }

    func testAFilterChangedAfterItWasAddedDoesNotReachTheLayer() throws {
        // "once added to the layer, you cannot modify the CIFilter object itself" (000:770).
        let layer = CALayer()
        let bloom = try pulseFilter()
        layer.filters = [bloom]
        bloom.setValue(0.9, forKey: kCIInputIntensityKey)
        XCTAssertEqual(scalar(layer, "filters.pulseFilter.inputIntensity"), 0.5)
    }

    func testBadValuesAreRejectedAndTheRestKept() throws {
        let layer = CALayer()
        layer.filters = [try pulseFilter()]
        XCTAssertThrowsError(try layer.setCheckedValue(Double.nan, forKeyPath: "filters.pulseFilter.inputIntensity"))
        XCTAssertThrowsError(try layer.setCheckedValue("much", forKeyPath: "filters.pulseFilter.inputIntensity"))
        XCTAssertThrowsError(try layer.setCheckedValue(1, forKeyPath: "filters.glow.inputIntensity"))
        XCTAssertThrowsError(try layer.setCheckedValue(1, forKeyPath: "filters.pulseFilter.inputNoSuchKey"))
        XCTAssertThrowsError(try layer.setCheckedValue(CIVector(x: 1), forKeyPath: "filters.pulseFilter.inputRadius"))
        layer.setValue(Double.infinity, forKeyPath: "filters.pulseFilter.inputRadius") // logged, ignored
        XCTAssertEqual(scalar(layer, "filters.pulseFilter.inputIntensity"), 0.5)
        XCTAssertEqual(scalar(layer, "filters.pulseFilter.inputRadius"), 5)
    }

    func testAnElementThatIsNotAFilterIsKeptButNotCopied() throws {
        let layer = CALayer()
        layer.filters = ["not a filter", try pulseFilter()]
        XCTAssertEqual(layer.filters?.count, 2)
        XCTAssertEqual(layer.state.filters?.filters.map(\.kind), ["CIBloom"])
    }

    func testVectorsAndColorsAreSetWithTheirOwnTypes() throws {
        let layer = CALayer()
        let matrix = try XCTUnwrap(CIFilter(name: "CIColorMatrix"))
        matrix.name = "matrix"
        let tint = try XCTUnwrap(CIFilter(name: "CIColorMonochrome"))
        tint.name = "tint"
        layer.filters = [matrix, tint]
        layer.setValue(CIVector(x: 0.5, y: 0, z: 0, w: 0), forKeyPath: "filters.matrix.inputRVector")
        XCTAssertEqual(layer.state.filters?.filters[0].vector("inputRVector", or: []), [0.5, 0, 0, 0])
        XCTAssertThrowsError(try layer.setCheckedValue(CIVector(x: 1, y: 0), forKeyPath: "filters.matrix.inputRVector"),
                             "a vector of another length")
        layer.setValue(CIColor(red: 0, green: 0, blue: 1), forKeyPath: "filters.tint.inputColor")
        XCTAssertEqual(layer.state.filters?.filters[1].color(kCIInputColorKey, or: []), [0, 0, 1, 1])
        layer.setValue(false, forKeyPath: "filters.tint.enabled")
        XCTAssertEqual(layer.state.filters?.filters[1].isEnabled, false)
        XCTAssertFalse(tint.isEnabled)
    }

    func testAnExplicitAnimationGivesTheValueAtItsTime() throws {
        let layer = CALayer()
        layer.filters = [try pulseFilter()]
        let begin = CACurrentMediaTime()
        let pulse = CABasicAnimation(keyPath: "filters.pulseFilter.inputIntensity")
        pulse.fromValue = 0.0
        pulse.toValue = 2.0
        pulse.duration = 1
        pulse.timingFunction = CAMediaTimingFunction(name: .linear)
        pulse.beginTime = begin
        layer.add(pulse, forKey: "pulseAnimation")
        for t in [0.0, 0.25, 0.6] {
            let presented = layer.presentationState(at: begin + t)
            XCTAssertEqual(presented.animatableValue(forKeyPath: "filters.pulseFilter.inputIntensity")?.scalarValue ?? -1,
                           2 * t, accuracy: 1e-9, "at \(t) s")
        }
        XCTAssertEqual(layer.state.filters?.filters[0].scalar(kCIInputIntensityKey, or: -1), 0.5, "the model is unchanged")
    }

    func testAVectorParameterAnimatesComponentWise() throws {
        let layer = CALayer()
        let matrix = try XCTUnwrap(CIFilter(name: "CIColorMatrix"))
        matrix.name = "m"
        layer.filters = [matrix]
        let begin = CACurrentMediaTime()
        let animation = CABasicAnimation(keyPath: "filters.m.inputBiasVector")
        animation.fromValue = CIVector(x: 0, y: 0, z: 0, w: 0)
        animation.toValue = CIVector(x: 1, y: 0.5, z: 0, w: 0)
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.beginTime = begin
        layer.add(animation, forKey: "bias")
        let presented = layer.presentationState(at: begin + 0.5)
        XCTAssertEqual(presented.filters?.filters[0].vector(kCIInputBiasVectorKey, or: []), [0.5, 0.25, 0, 0])
    }

    func testChangingAParameterOfALiveLayerAnimatesImplicitly() throws {
        let layer = CALayer()
        layer.filters = [try pulseFilter()]
        joinTransaction(layer)
        CATransaction.flush()
        XCTAssertTrue(layer.isLive)
        layer.setValue(12, forKeyPath: "filters.pulseFilter.inputRadius")
        let animation = try XCTUnwrap(layer.animation(forKey: "filters.pulseFilter.inputRadius") as? CABasicAnimation)
        XCTAssertEqual(animation.keyPath, "filters.pulseFilter.inputRadius")
        XCTAssertEqual(AnimatableValue(animation.fromValue)?.scalarValue, 5)
        XCTAssertEqual(animation.duration, 0.25)
        XCTAssertEqual(scalar(layer, "filters.pulseFilter.inputRadius"), 12)
    }

    func testAssigningFiltersTakesEffectAtOnceAndBackgroundFiltersFade() throws {
        let layer = CALayer()
        joinTransaction(layer)
        CATransaction.flush()
        layer.filters = [try pulseFilter()]
        XCTAssertNil(layer.animation(forKey: "filters"))
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur"))
        layer.backgroundFilters = [blur]
        let fade = try XCTUnwrap(layer.animation(forKey: kCATransition) as? CATransition)
        XCTAssertEqual(fade.type, .fade)
        XCTAssertEqual(fade.duration, 0.25)
    }

    func testCompositingFiltersAreBlendModesByFilterOrByName() throws {
        let layer = CALayer()
        layer.compositingFilter = CIFilter(name: "CIScreenBlendMode")
        XCTAssertEqual(layer.state.filters?.compositingFilter?.kind, "CIScreenBlendMode")
        layer.compositingFilter = "multiplyBlendMode"
        XCTAssertEqual(layer.state.filters?.compositingFilter?.kind, "CIMultiplyBlendMode")
        layer.compositingFilter = CIFilter(name: "CIGaussianBlur") // not a compositing filter: ignored
        XCTAssertNil(layer.state.filters?.compositingFilter)
        layer.compositingFilter = nil
        XCTAssertNil(layer.state.filters)
    }

    func testTheFiltersAreCommittedIntoTheRenderTree() throws {
        let renderTree = RenderTreeStore()
        let layer = CALayer()
        layer.filters = [try pulseFilter()]
        CATransaction.flush()
        XCTAssertEqual(renderTree.snapshot().0[layer.layerID]?.state.filters?.filters.first?.kind, "CIBloom")
        layer.setValue(0.75, forKeyPath: "filters.pulseFilter.inputIntensity")
        CATransaction.flush()
        let committed = renderTree.snapshot().0[layer.layerID]?.state.filters?.filters.first
        XCTAssertEqual(committed?.scalar(kCIInputIntensityKey, or: -1), 0.75)
    }
}
