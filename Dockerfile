# Production image: builds the site and Payload's admin (Next), then runs the server with production dependencies only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/site/dist ./site/dist
COPY --from=build /app/site/dist-server ./site/dist-server
COPY --from=build /app/dist ./dist
# Payload's admin: Next's build and its config, read by next() at start (cms/admin/next.ts).
COPY --from=build /app/cms/admin/.next ./cms/admin/.next
COPY cms/admin/next.config.mjs ./cms/admin/
USER node
EXPOSE 3000
# The compiled server (scripts/build.mjs): nothing is transpiled or built at start.
CMD ["node", "dist/server.mjs"]
