"""Overrides that turn the tiny CPU config (the demo: revise a drafted episode by editing) into episodes the policy
paints from scratch with both tools, as the scripted GRPO tests play them."""

from __future__ import annotations

FROM_SCRATCH = ['environment.actions=["paint", "edit"]', "environment.drafts=null"]
