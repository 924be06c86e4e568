import Foundation

// Core Foundation's bridged types, which Foundation on Linux does not export, spelled as the
// Swift types they bridge to, so that Apple code such as `CGImageSourceCreateWithURL(url as CFURL, nil)`
// compiles unchanged.

/// A URL, as Core Foundation names it (bridged to `URL`).
public typealias CFURL = URL
/// A block of bytes, as Core Foundation names it (bridged to `Data`).
public typealias CFData = Data
/// A string, as Core Foundation names it (bridged to `String`).
public typealias CFString = String
/// A dictionary of options, as Core Foundation names it (bridged to a Swift dictionary).
public typealias CFDictionary = [AnyHashable: Any]
/// An array of objects, as Core Foundation names it (bridged to a Swift array).
public typealias CFArray = [Any]
