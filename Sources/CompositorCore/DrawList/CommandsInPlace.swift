extension DrawListTree {
    /// Calls `body` with the list's commands read where they lie (`CommandsInPlace`), valid for
    /// the call only. Traps, in every build, on a platform where a `.quad` command's bits are not
    /// its quad's (`CommandsInPlace.quadLiesInPlace`): reading a quad there would read garbage.
    @inlinable
    public func withCommandsInPlace<R>(_ body: (CommandsInPlace) throws -> R) rethrows -> R {
        precondition(CommandsInPlace.quadLiesInPlace, "a .quad command's bits differ from its quad's on this platform")
        return try commands.withUnsafeBufferPointer { try body(CommandsInPlace(commands: $0)) }
    }
}

/// A draw list's commands read where they lie, for a renderer's loop over many quads: the quad
/// of a `.quad` command is given as a pointer into the list (`quad(at:)`), and its members read
/// through it (`pointer.pointee.opacity`) copy no reference.
///
/// Matching `case .quad(let quad) = commands[index]` copies the quad: one retain and one release
/// of its storage, about 50 instructions, a third of what the CPU renderer's serial preparation
/// spends on a sprite. The compiler keeps that pair even when the quad is only read, since it
/// cannot prove that the calls in between leave the list alone. A read through the pointer
/// borrows the storage for that read alone. Passing `pointer.pointee` to a function that is not
/// inlined still copies it.
///
/// Only valid inside `DrawListTree.withCommandsInPlace`, and only for reading.
public struct CommandsInPlace {
    /// The list's commands.
    @usableFromInline let commands: UnsafeBufferPointer<DrawCommand>

    @inlinable init(commands: UnsafeBufferPointer<DrawCommand>) { self.commands = commands }

    /// The number of commands.
    @inlinable public var count: Int { commands.count }

    /// The quad of the `.quad` command at `index` (a `Node.quad`'s), in place; traps for any
    /// other command.
    ///
    /// A `.quad` command's memory is its quad's: the quad is the first case with a payload, so
    /// its case is stored as zero in the bits a storage's address leaves unused, and the bits
    /// are the quad's own (`quadLiesInPlace` checks it; the tests check it for every command).
    @inlinable
    public func quad(at index: Int) -> UnsafePointer<Quad> {
        guard case .quad = commands[index] else { preconditionFailure("command \(index) is not a quad") }
        return UnsafeRawPointer(commands.baseAddress.unsafelyUnwrapped + index).assumingMemoryBound(to: Quad.self)
    }

    /// Whether a `.quad` command has its quad's size and bits (what `quad(at:)` relies on).
    public static let quadLiesInPlace: Bool = {
        guard MemoryLayout<DrawCommand>.size == MemoryLayout<Quad>.size,
              MemoryLayout<DrawCommand>.alignment == MemoryLayout<Quad>.alignment else { return false }
        let quad = Quad(transform: .identity, rect: .zero)
        let command = DrawCommand.quad(quad)
        return withUnsafeBytes(of: command) { commandBytes in
            withUnsafeBytes(of: quad) { quadBytes in commandBytes.elementsEqual(quadBytes) }
        }
    }()
}
