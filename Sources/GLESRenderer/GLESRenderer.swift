import CompositorCore
import CEGL
import CGLES3
