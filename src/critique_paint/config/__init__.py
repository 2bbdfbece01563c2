"""Training run configuration: the stacked YAML sections, read into dataclasses and TRL/peft configs."""
