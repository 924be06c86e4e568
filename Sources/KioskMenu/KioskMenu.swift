import QuartzCore
