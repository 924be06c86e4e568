import QuartzCore
print("qc-bench")
