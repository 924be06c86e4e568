import QuartzCore
print("qc-render")
