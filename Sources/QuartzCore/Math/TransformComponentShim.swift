// TEMPORARY: replaced by the math branch at merge.
import Foundation
enum TransformComponent: String { case rotationZ = "rotation.z", scaleX = "scale.x" }
extension CATransform3D {
    var translation2D: CGSize { get { CGSize(width: m41, height: m42) } set { m41 = newValue.width; m42 = newValue.height } }
    func virtualComponent(_ c: TransformComponent) -> CGFloat? { nil }
    func settingVirtualComponent(_ c: TransformComponent, to v: CGFloat) -> CATransform3D { self }
}
