// QuartzCore re-exports Foundation and CoreGraphics, as Apple's framework does, so that
// `import QuartzCore` is all an app needs.
@_exported import Foundation
@_exported import CoreGraphics
