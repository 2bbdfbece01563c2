# critique-paint environment server (docs/gpu.md, "Environment servers"):
#   docker build -t critique-paint .
#   docker run --init -p 8003:8003 critique-paint              # one server, 8 sessions, the offline reward
#   docker run --init -p 8003-8006:8003-8006 critique-paint serve --host 0.0.0.0 --replicas 4 --max-sessions 16
# --init reaps the browsers' helper processes; stop with `docker stop -t 75`: a server finishes its running renders
# (60 s deadline) and exits 0.
# `bash benchmarks/docker_check.sh` builds it, serves an episode and stops it.
FROM python:3.11-slim-bookworm
RUN apt-get update && apt-get install -y --no-install-recommends chromium nodejs npm \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . /app
RUN npm ci --prefix js --ignore-scripts --no-audit --no-fund \
    && pip install --no-cache-dir torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu \
    && pip install --no-cache-dir -e .
ENV CRITIQUE_PAINT_CHROMIUM=/usr/bin/chromium PYTHONUNBUFFERED=1
EXPOSE 8003
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s \
    CMD python -c "import urllib.request as u; u.urlopen('http://127.0.0.1:8003/health', timeout=4)"
ENTRYPOINT ["critique-paint"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8003", "--max-sessions", "8"]
