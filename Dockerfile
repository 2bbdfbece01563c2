# critique-paint environment server: `docker build -t critique-paint .` then
# `docker run -p 8000:8000 critique-paint serve --host 0.0.0.0 --max-sessions 8`
FROM python:3.11-slim-bookworm
RUN apt-get update && apt-get install -y --no-install-recommends chromium nodejs npm make \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . /app
RUN npm ci --prefix js --ignore-scripts --no-audit --no-fund \
    && pip install --no-cache-dir torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu \
    && pip install --no-cache-dir -e .
ENV CRITIQUE_PAINT_CHROMIUM=/usr/bin/chromium
EXPOSE 8000
ENTRYPOINT ["critique-paint"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000", "--max-sessions", "8"]
