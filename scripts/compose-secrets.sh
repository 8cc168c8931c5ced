#!/usr/bin/env bash
# Writes the secrets compose.yaml reads, once: a random PostgreSQL password, the DATABASE_URL
# that carries it, and a portal code secret, each in ./secrets readable by its owner only.
# Leaves existing files alone (a new password would lock the app out of its database).
set -euo pipefail
cd "$(dirname "$0")/.."
umask 077
mkdir -p secrets
random() { node -e "process.stdout.write(require('crypto').randomBytes($1).toString('hex'))"; }
if [ ! -s secrets/postgres_password ]; then
  password=$(random 24)
  printf '%s\n' "$password" > secrets/postgres_password
  printf 'postgres://broker:%s@db:5432/broker\n' "$password" > secrets/database_url
fi
[ -s secrets/portal_code_secret ] || printf '%s\n' "$(random 32)" > secrets/portal_code_secret
# The folder is the owner's only; the files are readable so that the image's user (uid 10001)
# can read the copies compose mounts under /run/secrets.
chmod 0700 secrets
chmod 0644 secrets/*
echo "Secrets in $(pwd)/secrets: database_url, postgres_password, portal_code_secret"
