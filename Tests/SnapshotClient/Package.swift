// swift-tools-version:6.0
// A client of OpenQuartzCore's render-test product, written as an app's test target would be:
// snapshot tests of a layer tree, on the GLES and the CPU renderer, one of them mid-animation.
import PackageDescription

let package = Package(
    name: "SnapshotClient",
    dependencies: [
        .package(name: "OpenQuartzCore", path: "../.."),
    ],
    targets: [
        .testTarget(name: "SnapshotClientTests", dependencies: [
            .product(name: "QuartzCoreSnapshotTesting", package: "OpenQuartzCore"),
        ], exclude: ["__Snapshots__"]),
    ]
)
