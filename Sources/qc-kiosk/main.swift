print("qc-kiosk")
