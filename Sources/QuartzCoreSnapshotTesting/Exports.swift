// `import QuartzCoreSnapshotTesting` is all a snapshot test needs: the strategies, the render-test
// API they are built on, and swift-snapshot-testing's `assertSnapshot`.
@_exported import QuartzCoreTesting
@_exported import SnapshotTesting
