// Render tests work with layers, images and PNG files: `import QuartzCoreTesting` brings
// QuartzCore (and through it Foundation and CoreGraphics) along.
@_exported import QuartzCore
