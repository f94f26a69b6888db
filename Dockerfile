# The Strategos bot as a container image (compose.yaml runs it; README, "Running several
# processes"). Settings come from the environment; nothing secret is built in.
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY render ./render
COPY migrations ./migrations
COPY docs ./docs
# Installed in place (editable): the bot finds migrations/ and docs/ next to its package.
RUN pip install --no-cache-dir -e .
# SQLite's file and the heartbeat file live here (with PostgreSQL, only the heartbeat).
RUN mkdir -p /app/data
HEALTHCHECK --interval=30s --timeout=10s --start-period=90s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot"]
