import CGLES3

/// Points the quad shader's attributes at packed instances (`PackedInstances`) in the bound
/// vertex array, whose arrays advance per instance.
struct PackedInstanceAttributes {
    /// The attributes of `QuadInstance.attributes` whose arrays are disabled (bit per index):
    /// read from their generic value.
    private(set) var disabled: UInt32 = 0

    /// Sets the attributes `layout` leaves out to their constant values, read from the encoded
    /// `instances` (the generic value of a disabled array), and enables the arrays of the others.
    mutating func setConstants(of layout: PackedInstances.Layout, packed: PackedInstances, instances: UnsafePointer<Float>) {
        for (index, attribute) in QuadInstance.attributes.enumerated() {
            let bit = UInt32(1) << UInt32(index)
            if layout.components[index] == 0 {
                if disabled & bit == 0 { glDisableVertexAttribArray(attribute.location) }
                disabled |= bit
                let value = packed.constant(of: index, in: layout, instances: instances)
                glVertexAttrib4f(attribute.location, value.x, value.y, value.z, value.w)
            } else if disabled & bit != 0 {
                glEnableVertexAttribArray(attribute.location)
                disabled &= ~bit
            }
        }
    }

    /// Enables every attribute's array again, for instances drawn as encoded.
    mutating func enableAll() {
        guard disabled != 0 else { return }
        for (index, attribute) in QuadInstance.attributes.enumerated() where disabled & (UInt32(1) << UInt32(index)) != 0 {
            glEnableVertexAttribArray(attribute.location)
        }
        disabled = 0
    }

    /// Points the arrays `layout` reads at its packed instance `instance` (an index among the
    /// encoded instances, within the layout's range) and on.
    func point(_ layout: PackedInstances.Layout, at instance: Int) {
        let stride = GLsizei(layout.stride * MemoryLayout<Float>.size)
        let first = layout.byteOffset + (instance - layout.first) * layout.stride * MemoryLayout<Float>.size
        for (index, attribute) in QuadInstance.attributes.enumerated() where layout.components[index] > 0 {
            glVertexAttribPointer(attribute.location, GLint(layout.components[index]), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: first + Int(layout.offsets[index]) * MemoryLayout<Float>.size))
        }
    }
}
