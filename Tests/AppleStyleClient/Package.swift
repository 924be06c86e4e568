// swift-tools-version:6.0
// Apple-style client code that must compile unchanged against `import QuartzCore` and
// `import AVFoundation` from a package that depends on OpenQuartzCore by path.
import PackageDescription

let package = Package(
    name: "AppleStyleClient",
    dependencies: [
        .package(name: "OpenQuartzCore", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "AppleStyleClient", dependencies: [
            .product(name: "QuartzCore", package: "OpenQuartzCore"),
            .product(name: "AVFoundation", package: "OpenQuartzCore"),
        ]),
    ]
)
