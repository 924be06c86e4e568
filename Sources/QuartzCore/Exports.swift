// QuartzCore is the model (layers, transactions, animation, timing, layout, re-exported from
// QuartzCoreModel) plus what draws it (CARenderer, CAOpenGLLayer, on the GLES and CPU renderers).
// It re-exports Foundation and CoreGraphics, as Apple's framework does, so that `import QuartzCore`
// is all an app needs.
@_exported import Foundation
@_exported import CoreGraphics
@_exported import QuartzCoreModel
// Core Image's filters, which layers are given (`filters`, `backgroundFilters`,
// `compositingFilter`), come with it, as they do with Apple's QuartzCore on macOS.
@_exported import CoreImage
