// Swift Testing's cross-import overlay for Core Image.
//
// The toolchain's Testing module declares (Testing.swiftcrossimport/CoreImage.swiftoverlay) that
// a file importing both Testing and a module named CoreImage also imports this module, in place
// of Testing, so it re-exports Testing; QuartzCore re-exports CoreImage, so every Swift Testing
// file that imports QuartzCore needs it. Apple's overlay adds `CIImage` attachments; there is no
// `CIImage` here, so this one adds nothing else. It is built like `_Testing_CoreGraphics`: the
// import is weak and Testing is not autolinked (see Package.swift), so executables that depend
// on the QuartzCore product do not need libTesting.

@_weakLinked @_exported public import Testing
@_exported public import CoreImage
