# The two commands of the README: `make run` (the product, embedded database, demo content) and `make test`.
.PHONY: run test install build bench clean

# Installs dependencies only when package-lock.json changed since the last install.
install: node_modules/.installed
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	# tap builds its runner with the default plugins at install; rebuild it without its TypeScript plugin (package.json).
	npx tap build
	@touch $@

build: install
	npm run build

run: build
	npm start

test: install
	./scripts/test-all.sh

bench: install
	npm run --silent bench

clean:
	rm -rf dist test-results test-logs playwright-report
