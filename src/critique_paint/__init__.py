"""critique-paint: train a coding model to paint watercolours with p5.brush, by self-critique."""

__version__ = "0.1.0"
