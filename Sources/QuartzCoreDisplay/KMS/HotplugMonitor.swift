import CInput
import Foundation

/// Kernel uevents of the DRM subsystem (connector hot-plug), read from the kernel's netlink
/// socket through libudev, so it works without udevd. Confined to the output's thread.
final class HotplugMonitor {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer

    /// Nil when the netlink socket cannot be opened (the output then re-probes on a timer).
    init?() {
        guard let udev = udev_new() else { return nil }
        guard let monitor = udev_monitor_new_from_netlink(udev, "kernel") else { udev_unref(udev); return nil }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
        guard udev_monitor_enable_receiving(monitor) == 0 else {
            udev_monitor_unref(monitor); udev_unref(udev); return nil
        }
        self.udev = udev
        self.monitor = monitor
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// The fd to poll.
    var pollDescriptor: Int32 { udev_monitor_get_fd(monitor) }

    /// Reads the pending uevents; returns whether one was a hot-plug (`HOTPLUG=1`).
    func drain() -> Bool {
        var sawHotplug = false
        while let device = udev_monitor_receive_device(monitor) {
            if let value = udev_device_get_property_value(device, "HOTPLUG"), String(cString: value) == "1" { sawHotplug = true }
            udev_device_unref(device)
        }
        return sawHotplug
    }
}
