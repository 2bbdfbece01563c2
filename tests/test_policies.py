"""Policies against the real environment: openai (real client, local server), hf (tiny model, LoRA), replay, human."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from critique_paint.env.protocol import NOTE_PREFIX
from critique_paint.env.replies import parse_reply
from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
from critique_paint.errors import ConfigError, InfrastructureError
from critique_paint.policy import Conversation, make_policy
from critique_paint.policy.base import PolicyOptions
from critique_paint.policy.hf import HfPolicy
from critique_paint.policy.human import HumanPolicy
from critique_paint.policy.replay import ReplayPolicy
from critique_paint.render.pages import RenderOptions
from critique_paint.session.rollout import Rollout

from openai_server import ChatServer

FIXTURES = Path(__file__).parent / "fixtures"
BLOOM = (FIXTURES / "render" / "bloom.js").read_text()


def rollout(policy, subject: str, *, runtime, index: int = 0, **settings) -> Rollout:
    """A rollout of `policy` on an in-process environment."""
    from critique_paint.env.endpoint import LocalEndpoint

    return Rollout(policy, LocalEndpoint(runtime), subject=subject, index=index, **settings)


def conversation(subject: str, paintings: int = 0) -> Conversation:
    return Conversation(subject=subject, messages=(), images=(None,) * paintings)


@pytest.fixture(scope="module")
def runtime():
    rt = PaintRuntime(RuntimeConfig(reward_preset="offline", render=RenderOptions(workers=1)))
    yield rt
    rt.close()


def tool_call_reply(sketch: str) -> dict:
    return {"id": "c", "object": "chat.completion", "created": 0, "model": "painter", "choices": [{
        "index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_x", "type": "function",
             "function": {"name": "paint", "arguments": json.dumps({"sketch": sketch})}}]}}]}


def test_openai_policy_paints_with_tool_calls_and_hears_the_persons_note(runtime):
    def behaviour(request, index):
        sketch = BLOOM if index == 0 else BLOOM.replace("#e8a07a", "#c98bb9")
        return 200, tool_call_reply(sketch), 0

    with ChatServer(behaviour) as server:
        policy = make_policy("openai:painter", PolicyOptions(base_url=server.base_url, send_images=True))
        episode = rollout(policy, "a peach hibiscus", max_turns=2, runtime=runtime)
        first = episode.paint_next()
        episode.add_note("Make the petals violet.")
        second = episode.paint_next()
        policy.close()
    assert first.gate_passed and second.gate_passed and "#c98bb9" in second.sketch
    first_request, second_request = server.requests
    assert [t["function"]["name"] for t in first_request["tools"]] == ["paint", "edit"]
    assert [m["role"] for m in first_request["messages"]] == ["system", "user"]
    roles = [m["role"] for m in second_request["messages"]]
    assert roles == ["system", "user", "assistant", "tool", "user"]
    call, answer, image = second_request["messages"][2:]
    assert json.loads(call["tool_calls"][0]["function"]["arguments"]) == {"sketch": BLOOM}  # what the model sent
    assert first.sketch == BLOOM.strip()
    assert answer["tool_call_id"] == call["tool_calls"][0]["id"]
    assert answer["content"].startswith("Painting 1 rendered.")
    assert answer["content"].endswith(f"{NOTE_PREFIX} Make the petals violet.")
    assert image["content"][1]["image_url"]["url"].startswith("data:image/png;base64,")
    assert "score" not in answer["content"].lower()


def test_a_reply_without_a_call_ends_the_episode_as_in_training(runtime):
    reply = f"Here is my painting:\n```javascript\n{BLOOM}\n```"
    with ChatServer(lambda r, i: (200, reply, 0)) as server:
        policy = make_policy("openai:painter", PolicyOptions(base_url=server.base_url))
        episode = rollout(policy, "a peach hibiscus", max_turns=2, runtime=runtime)
        records = episode.run()
    assert records == [] and episode.ended == "no_call" and len(server.requests) == 1


def test_openai_policy_reads_call_markup_a_server_left_unparsed(runtime):
    reply = f"<tool_call>\n<function=paint>\n<parameter=sketch>\n{BLOOM}\n</parameter>\n</function>\n</tool_call>"
    with ChatServer(lambda r, i: (200, reply, 0)) as server:
        policy = make_policy("openai:painter", PolicyOptions(base_url=server.base_url))
        record = rollout(policy, "a peach hibiscus", max_turns=1, runtime=runtime).paint_next()
    assert record.gate_passed and record.sketch.strip() == BLOOM.strip()


@pytest.mark.parametrize("model,thinking,expected", [
    ("Qwen/Qwen3.5-35B-A3B", False, {"enable_thinking": False}),
    ("Qwen/Qwen3.5-35B-A3B", True, None),
    ("painter", False, None),
])
def test_openai_policy_asks_qwen_servers_not_to_think(runtime, model, thinking, expected):
    reply = f"```javascript\n{BLOOM}\n```"
    with ChatServer(lambda r, i: (200, reply, 0)) as server:
        policy = make_policy(f"openai:{model}", PolicyOptions(base_url=server.base_url, thinking=thinking))
        rollout(policy, "a peach hibiscus", max_turns=1, runtime=runtime).paint_next()
    assert server.requests[0]["model"] == model
    assert server.requests[0].get("chat_template_kwargs") == expected


def test_a_failing_policy_server_gives_an_unscored_turn_not_a_zero(runtime):
    with ChatServer(lambda r, i: (503, {"error": {"message": "overloaded"}}, 0)) as server:
        policy = make_policy("openai:painter", PolicyOptions(base_url=server.base_url, backoff_s=0.01))
        episode = rollout(policy, "a peach hibiscus", max_turns=2, runtime=runtime)
        records = episode.run()
    assert len(server.requests) == 3  # retried (retries=2 by default), then reported
    assert len(records) == 1 and records[0].total is None
    assert records[0].unscored_reason.startswith("policy:") and "HTTP 503" in records[0].unscored_reason
    assert episode.episode.turns == [] and episode.turns_left == 2  # no turn spent


@pytest.mark.parametrize("failures", [1, 3])
def test_openai_retries_counts_the_tries_after_the_first(failures):
    """retries=N outlasts N failed requests; retries=N-1 gives up after N requests, saying so."""
    reply = "A harbour at dusk, in three washes."
    for retries, succeeds in ((failures, True), (failures - 1, False)):
        with ChatServer(lambda r, i: (503, {"error": {"message": "busy"}}, 0) if i < failures
                        else (200, reply, 0)) as server:
            policy = make_policy("openai:painter", PolicyOptions(base_url=server.base_url, retries=retries,
                                                                 backoff_s=0.01))
            try:
                if succeeds:
                    assert policy.next_reply(conversation("a peach hibiscus")).text == reply
                else:
                    with pytest.raises(InfrastructureError, match=rf"failed after {failures} tr(y|ies): HTTP 503"):
                        policy.next_reply(conversation("a peach hibiscus"))
            finally:
                policy.close()
        assert len(server.requests) == retries + 1


def test_openai_client_errors_are_not_retried():
    with ChatServer(lambda r, i: (404, {"error": {"message": "no such model"}}, 0)) as server:
        policy = make_policy("openai:painter", PolicyOptions(base_url=server.base_url, backoff_s=0.01))
        with pytest.raises(InfrastructureError, match="answered HTTP 404"):
            policy.next_reply(conversation("a peach hibiscus"))
        policy.close()
    assert len(server.requests) == 1


@pytest.fixture(scope="module")
def tiny_dirs(tmp_path_factory):
    """A tiny text model saved like a checkpoint, and a LoRA adapter trained on nothing, saved on top of it."""
    from peft import LoraConfig, get_peft_model

    from critique_paint.models.loading import load_policy

    root = tmp_path_factory.mktemp("hf")
    model, tok, _ = load_policy("tiny:text", cache_dir=root / "cache")
    model.save_pretrained(root / "model")
    tok.save_pretrained(root / "model")
    from transformers import AutoModelForCausalLM

    base = AutoModelForCausalLM.from_pretrained(root / "model")
    lora = get_peft_model(base, LoraConfig(r=4, target_modules=["q_proj", "v_proj"], init_lora_weights=False))
    lora.save_pretrained(root / "adapter")
    return root / "model", root / "adapter"


def test_hf_policy_prompts_as_in_training_and_reads_its_reply_as_training_does(runtime, tiny_dirs):
    model_dir, _ = tiny_dirs
    policy = make_policy(f"hf:{model_dir}", PolicyOptions(max_new_tokens=24, temperature=0.8))
    episode = rollout(policy, "a peach hibiscus", max_turns=2, seed=3, runtime=runtime)
    records = episode.run()
    # a random model's 24 tokens of gibberish call no tool: the episode ends there, cut by the token budget
    assert records == [] and episode.ended == "length" and episode.last_reply.truncated
    conversation = episode.conversation()
    prompt = policy.processing.apply_chat_template(list(conversation.messages[:2]), tools=list(conversation.tools),
                                                   add_generation_prompt=True, enable_thinking=False, tokenize=False)
    assert "Paint a watercolour of a peach hibiscus." in prompt and '"name": "paint"' in prompt
    assert '"name": "edit"' in prompt  # the episode's actions: paint and edit
    # same seed, episode and turn: the same sample
    again = rollout(policy, "a peach hibiscus", max_turns=2, seed=3, runtime=runtime)
    assert again.paint_next() is None and again.last_reply.raw == episode.last_reply.raw


def test_hf_policy_loads_a_lora_adapter_folder_on_its_base(tiny_dirs):
    model_dir, adapter_dir = tiny_dirs
    policy = HfPolicy(str(adapter_dir), PolicyOptions(max_new_tokens=8))
    from peft import PeftModel

    assert isinstance(policy.model, PeftModel)
    assert Path(policy.model.peft_config["default"].base_model_name_or_path) == model_dir


def test_the_reply_parser_reads_calls_text_and_thinking():
    xml = ("<think>\nthe sky first\n</think>\n\nMore violet.\n<tool_call>\n<function=paint>\n<parameter=sketch>\n"
           "function setup() {}\n</parameter>\n</function>\n</tool_call><|im_end|>")
    reply = parse_reply(xml)
    assert reply.sketch == "function setup() {}" and reply.text == "More violet." and reply.thinking == "the sky first"
    assert reply.ends is None
    js = '<tool_call>\n{"name": "paint", "arguments": {"sketch": "let a = 1;"}}\n</tool_call>'
    assert parse_reply(js).calls == () and parse_reply(js).ends == "malformed_call"  # not the trained format
    assert parse_reply("no call here").ends == "no_call"
    wrong = parse_reply("<tool_call>\n<function=draw>\n<parameter=code>\nx\n</parameter>\n</function>\n</tool_call>")
    assert wrong.sketch is None and "no tool named 'draw'" in wrong.calls[0].error


def test_replay_policy_from_pool_chains_and_transcripts(tmp_path):
    pool = ReplayPolicy.load(str(Path(__file__).resolve().parents[1] / "reference_pool"))
    assert len(pool.episodes) >= 40 and all(len(e.sketches) >= 2 for e in pool.episodes)
    assert "pears" in pool.subjects()
    first = pool.next_reply(conversation("pears"))
    assert first.sketch and first.sketch == pool.recording("pears", 0).sketches[0]
    with pytest.raises(ConfigError, match="has no episode of 'a unicorn'"):
        pool.recording("a unicorn", 0)

    transcript = tmp_path / "transcript.jsonl"
    rows = [{"event": "start"}, {"event": "turn", "subject": "tulips", "turn": 1, "sketch": "A"},
            {"event": "turn", "subject": "tulips", "turn": 2, "sketch": "B"}, {"event": "undo", "turn": 2},
            {"event": "turn", "subject": "tulips", "turn": 2, "sketch": "C"}, {"event": "end"}]
    transcript.write_text("\n".join(json.dumps(r) for r in rows))
    replay = make_policy(f"replay:{tmp_path}")
    assert replay.recording("tulips", 5).sketches == ["A", "C"]
    assert replay.next_reply(conversation("tulips", paintings=2)).sketch is None  # ran out: the episode ends

    transcript.write_text("{not json")
    with pytest.raises(ConfigError, match="transcript.jsonl:1: not JSON"):
        make_policy(f"replay:{transcript}")


def test_human_policy_paste_mode_reads_until_the_dot():
    conv = conversation("pears")
    policy = HumanPolicy(editor="", stdin=io.StringIO("line one\nline two\n.\nignored\n"), stdout=io.StringIO())
    assert policy.next_reply(conv).sketch == "line one\nline two\n"
    empty = HumanPolicy(editor="", stdin=io.StringIO(""), stdout=io.StringIO())
    assert empty.next_reply(conv).sketch is None
