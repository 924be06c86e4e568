// `import AVFoundation` brings Core Animation and Core Media with it, as Apple's module does.
@_exported import CoreMedia
@_exported import QuartzCore
