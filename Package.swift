// swift-tools-version:6.2
// OpenQuartzCore: Apple's Core Animation for Linux, composited by OpenGL ES 3 through EGL.
import PackageDescription

/// A system library reached through pkg-config, with the Debian package that provides it.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

/// The command-line parser of the executables.
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
/// swift-log: every library logs through it; only the executables bootstrap it.
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")

let package = Package(
    name: "OpenQuartzCore",
    products: [
        // Each library also carries `_Testing_CoreGraphics`, the module that Swift Testing's
        // cross-import overlay declaration asks for in a test target importing Testing and CoreGraphics
        // (QuartzCore also `_Testing_CoreImage`, for Testing and CoreImage, which it re-exports).
        // CompositorCore is part of it for the frame statistics CARenderer reports (RenderStatistics,
        // CacheUsage, PixelRect).
        .library(name: "QuartzCore", targets: ["QuartzCore", "CoreImage", "CompositorCore", "_Testing_CoreGraphics", "_Testing_CoreImage"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics", "_Testing_CoreGraphics"]),
        .executable(name: "qc-render", targets: ["qc-render"]),
        .executable(name: "qc-bench", targets: ["qc-bench"]),
        .library(name: "QuartzCoreDisplay", targets: ["QuartzCoreDisplay"]),
        .executable(name: "qc-kiosk", targets: ["qc-kiosk"]),
        .executable(name: "qc-fuzz", targets: ["qc-fuzz"]),
        .executable(name: "qc-soak", targets: ["qc-soak"]),
        // Offscreen render tests: layer tree + time -> image, comparison, PNG references.
        .library(name: "QuartzCoreTesting", targets: ["QuartzCoreTesting"]),
        // The same as swift-snapshot-testing strategies (`assertSnapshot(of: layer, as: .image(...))`).
        .library(name: "QuartzCoreSnapshotTesting", targets: ["QuartzCoreSnapshotTesting"]),
        // Apple's CoreMedia time types (CMTime, CMTimeRange).
        .library(name: "CoreMedia", targets: ["CoreMedia"]),
        // AVPlayer, AVPlayerItem, AVPlayerLayer on GStreamer; re-exports QuartzCore and CoreMedia.
        .library(name: "AVFoundation", targets: ["AVFoundation", "CoreMedia", "_Testing_CoreGraphics", "_Testing_CoreImage"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries (module map + pkg-config).
        systemLibrary("CEGL", pkgConfig: "egl", apt: "libegl-dev"),
        systemLibrary("CGLES3", pkgConfig: "glesv2", apt: "libgles-dev"),
        systemLibrary("CGBM", pkgConfig: "gbm", apt: "libgbm-dev"),
        systemLibrary("CDRM", pkgConfig: "libdrm", apt: "libdrm-dev"),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: "libpng-dev"),
        systemLibrary("CCairo", pkgConfig: "cairo", apt: "libcairo2-dev"),
        systemLibrary("CJPEG", pkgConfig: "libjpeg", apt: "libjpeg62-turbo-dev"),
        systemLibrary("CInput", pkgConfig: "libinput", apt: "libinput-dev"),
        systemLibrary("CSeat", pkgConfig: "libseat", apt: "libseat-dev"),
        systemLibrary("CPango", pkgConfig: "pangocairo", apt: "libpango1.0-dev"),
        .systemLibrary(name: "CGStreamer", pkgConfig: "gstreamer-video-1.0",
                       providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),

        // Public libraries.
        .target(name: "CoreGraphics", dependencies: ["CPNG", "CCairo", "CJPEG", "CPango", logging]),
        // Apple's Core Image filters (CIFilter, CIVector, CIColor) that layers are given; the
        // renderers apply them. Re-exported by QuartzCore, as on macOS.
        .target(name: "CoreImage", dependencies: ["CoreGraphics", logging]),
        .target(name: "CompositorCore", dependencies: ["CoreGraphics", logging]),
        .target(name: "CoreMedia"),
        // Video decoding on GStreamer: playbin into an appsink of I420/NV12 frames, polled, no main loop.
        .target(name: "MediaDecoding", dependencies: ["CGStreamer", "CompositorCore", logging]),
        // Swift Testing's CoreGraphics overlay (image attachments). It must not make executables
        // link libTesting: it holds only code emitted into its clients, imports Testing weakly and
        // does not autolink it (a test target links Testing itself). Unsafe flags in a dependency
        // need swift-tools-version 6.2.
        .target(name: "_Testing_CoreGraphics", dependencies: ["CoreGraphics"],
                swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "Testing"])]),
        // Swift Testing's CoreImage overlay, asked for by a test file importing Testing and QuartzCore
        // (which re-exports CoreImage); built as the CoreGraphics one is.
        .target(name: "_Testing_CoreImage", dependencies: ["CoreImage"],
                swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "Testing"])]),
        .target(name: "GLESRenderer", dependencies: ["CompositorCore", "CoreGraphics", "CEGL", "CGLES3", logging]),
        .target(name: "CPURenderer", dependencies: ["CompositorCore", "CoreGraphics", "CPURendererKernels", logging]),
        // The CPU renderer's kernels for vector units beyond the baseline (AVX2), chosen at run time.
        // DWARF 4: valgrind 3.19 (callgrind, the benchmarks' instruction counts) cannot read clang's DWARF 5.
        .target(name: "CPURendererKernels", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // The artwork of shape and text layers, drawn with Cairo and Pango from plain values.
        .target(name: "LayerArtwork", dependencies: ["CoreGraphics", "CCairo", "CPango"]),
        // The model: layers, transactions, the committed render tree, timing, animation and
        // layout. It knows nothing of GL, DRM, Cairo or Pango, nor of how a frame is drawn:
        // scripts/check-imports.swift fails the build of the suite on an import of a target that is
        // not a direct dependency, and on a direct dependency outside this list.
        .target(name: "QuartzCoreModel", dependencies: [
            "CoreGraphics", "CoreImage", "CompositorCore", "LayerArtwork", "QuartzCoreModelSupport", logging,
        ]),
        // The model's C support, for what Swift cannot spell: the per-thread transaction stack
        // cached in a C `__thread` variable (Swift has no thread-local storage, and the POSIX slot
        // costs ~25 instructions a property set), and cache-line prefetches for the commit's walks.
        // DWARF 4: valgrind 3.19 (callgrind) cannot read clang's DWARF 5.
        .target(name: "QuartzCoreModelSupport", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // The render server: a frame of the committed render tree flattened into a DrawList, its
        // 3D sublayers depth-sorted, unchanged subtrees reused; between the model and the renderers.
        // Release builds without run-time exclusivity checks: the flattener reads each drawn
        // layer's boxed state (`LayerStateBox.value`, declared `@exclusivity(unchecked)`, which
        // another module's accesses do not honour) a dozen times a layer and frame, ~76
        // instructions a check (docs/benchmarks/anim-eval-2026-11-29-evening.md). Debug builds, which
        // the tests run, keep the checks.
        .target(name: "RenderServer", dependencies: ["QuartzCoreModel", "QuartzCoreModelSupport", "CoreGraphics", "CompositorCore"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // The module users import: the model re-exported, and what draws it (CARenderer on the GLES
        // and CPU renderers, CAOpenGLLayer, CALayer.render(in:)).
        .target(name: "QuartzCore", dependencies: [
            "QuartzCoreModel", "RenderServer", "CoreGraphics", "CoreImage", "CompositorCore", "GLESRenderer", "CPURenderer",
            "CGLES3", logging,
        ]),

        // Apple's AVFoundation subset for video in layers: players, items, AVPlayerLayer.
        .target(name: "AVFoundation", dependencies: ["QuartzCore", "QuartzCoreModel", "CompositorCore", "CoreMedia", "MediaDecoding", logging]),

        // Full-screen layer trees on bare DRM/KMS: display, frame pacing, input, session.
        .target(name: "QuartzCoreDisplay", dependencies: [
            "QuartzCore", "GLESRenderer", "CPURenderer", "CompositorCore", "CDRM", "CGBM", "CEGL", "CGLES3", "CInput", "CSeat",
            logging,
        ]),

        // Example layer trees (the guide's and the book's figures, and the benchmark scenes).
        .target(name: "ExampleScenes", dependencies: ["QuartzCore"]),
        // The Kiosk Menu application of the Core Animation Programming Guide and the cover-flow
        // showcase, public API only.
        .target(name: "KioskMenu", dependencies: ["QuartzCore", "AVFoundation", "MediaDecoding", logging]),

        // Render tests for users' test targets; the strategies alone depend on swift-snapshot-testing.
        .target(name: "QuartzCoreTesting", dependencies: ["QuartzCore"]),
        .target(name: "QuartzCoreSnapshotTesting", dependencies: [
            "QuartzCoreTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),

        // Executables.
        .executableTarget(name: "qc-render", dependencies: ["QuartzCore", "ExampleScenes", "CompositorCore", argumentParser, logging]),
        .executableTarget(name: "qc-bench", dependencies: ["QuartzCore", "ExampleScenes", "CompositorCore", "GLESRenderer", "CPURenderer", "AVFoundation", "MediaDecoding", argumentParser, logging]),
        .executableTarget(name: "qc-kiosk", dependencies: ["QuartzCore", "QuartzCoreDisplay", "CompositorCore", "GLESRenderer", "KioskMenu", argumentParser, logging]),

        // Fuzzing: the targets (also replayed by the tests) and the libFuzzer driver (scripts/fuzz.sh).
        .target(name: "FuzzTargets", dependencies: ["QuartzCore", "CoreGraphics", "CompositorCore", "CPURenderer", "GLESRenderer", "AVFoundation"]),
        .target(name: "CLibFuzzer"),
        .executableTarget(name: "qc-fuzz", dependencies: [
            "FuzzTargets", "CLibFuzzer", "CompositorCore", argumentParser, logging,
        ]),
        // A kiosk's months in minutes: memory, GL objects and caches must stay flat.
        .executableTarget(name: "qc-soak", dependencies: ["QuartzCore", "CompositorCore", "GLESRenderer", "CPURenderer", argumentParser, logging]),

        // Tests.
        .testTarget(name: "CoreMediaTests", dependencies: ["CoreMedia"]),
        .target(name: "MediaTestSupport", dependencies: ["MediaDecoding"]),
        .testTarget(name: "MediaDecodingTests", dependencies: ["CGStreamer", "CompositorCore", "MediaDecoding", "MediaTestSupport"]),
        .testTarget(name: "AVFoundationTests", dependencies: [
            "AVFoundation", "MediaDecoding", "MediaTestSupport", "QuartzCoreTesting", "QuartzCoreSnapshotTesting",
        ]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", "CCairo"], exclude: ["Fixtures"]),
        .testTarget(name: "CoreImageTests", dependencies: ["CoreImage", "CoreGraphics"]),
        .testTarget(name: "CompositorCoreTests", dependencies: ["CompositorCore", "CoreGraphics", "RendererTestSupport", logging]),
        .testTarget(name: "QuartzCoreTests", dependencies: [
            "QuartzCore", "QuartzCoreModel", "RenderServer", "CompositorCore", "RendererTestSupport", "MediaDecoding", "MediaTestSupport",
        ]),
        .target(name: "RendererTestSupport", dependencies: ["CompositorCore", "CoreGraphics", logging]),
        .testTarget(name: "GLESRendererTests", dependencies: ["GLESRenderer", "CompositorCore", "CoreGraphics", "CEGL", "CGLES3", "RendererTestSupport"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzTargets", "RendererTestSupport", "QuartzCore", "CompositorCore", "CPURenderer", "GLESRenderer"]),
        .testTarget(name: "KioskTests", dependencies: ["QuartzCore", "QuartzCoreDisplay", "KioskMenu", "CInput", "CompositorCore", "CPURenderer", "GLESRenderer", "RendererTestSupport", logging]),
        .testTarget(name: "CPURendererTests", dependencies: ["CPURenderer", "CPURendererKernels", "CompositorCore", "CoreGraphics", "RendererTestSupport"]),
        .testTarget(name: "QuartzCoreTestingTests", dependencies: ["QuartzCoreTesting", "QuartzCoreSnapshotTesting", "RendererTestSupport"]),
        .testTarget(name: "RenderingTests", dependencies: ["QuartzCore", "QuartzCoreModel", "RenderServer", "ExampleScenes", "CompositorCore", "CoreGraphics", "CPURenderer", "GLESRenderer", "CGLES3", "RendererTestSupport"],
                    exclude: ["Golden"]),
        // The code of the documentation's articles, run as written.
        .testTarget(name: "DocumentationTests", dependencies: ["QuartzCore", "QuartzCoreDisplay"]),
        // The command-line tools, parsed in process and run as built executables.
        .testTarget(name: "ToolTests", dependencies: ["qc-render", "qc-bench", "qc-kiosk", "qc-soak", "CoreGraphics", "QuartzCore", "ExampleScenes", "QuartzCoreDisplay",
                                                  "CompositorCore", "GLESRenderer", "RendererTestSupport", argumentParser]),
    ],
    swiftLanguageModes: [.v6]
)
