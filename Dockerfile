# Production image: builds the site, then runs the server with production dependencies only.
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
COPY cms ./cms
COPY shared ./shared
COPY payload.config.ts tsconfig.json ./
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "cms/server.ts"]
