// swift-tools-version:6.0
// Apple-style Swift Testing tests that must compile and pass unchanged against `import QuartzCore`
// from a package that depends on OpenQuartzCore by path: `import Testing` next to QuartzCore (and
// so CoreGraphics) brings in Swift Testing's CoreGraphics cross-import overlay.
//
// One topic per file under Tests/AppleStyleTestingClientTests; keep the code free of anything
// Linux-specific except where a comment says why.
import PackageDescription

let package = Package(
    name: "AppleStyleTestingClient",
    dependencies: [
        .package(name: "OpenQuartzCore", path: "../.."),
    ],
    targets: [
        .testTarget(name: "AppleStyleTestingClientTests", dependencies: [
            .product(name: "QuartzCore", package: "OpenQuartzCore"),
            .product(name: "QuartzCoreTesting", package: "OpenQuartzCore"),
        ]),
    ]
)
