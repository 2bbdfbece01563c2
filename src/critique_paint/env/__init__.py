"""The painting environment: the episode protocol, the OpenEnv environment and wire models, runtime, server, client."""
