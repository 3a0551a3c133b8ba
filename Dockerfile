# One build, four production images: the API, the two sites behind nginx, and the page server
# (site-server/) that draws every public page with its data.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY site-server/package.json site-server/
COPY public-site/package.json public-site/
COPY admin-portal/package.json admin-portal/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS api
ENV NODE_ENV=production
# pg_dump/pg_restore for `npm run backup` / `npm run restore`, of the compose file's Postgres major version.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client-15 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/api/package.json ./api/
COPY --from=build /app/api/dist ./api/dist
COPY --from=build /app/api/seed-assets ./api/seed-assets
# The organisation's names (mails, certificates), shared with the sites.
COPY --from=build /app/shared ./shared
# The integrators' guide, which the REST reference links (/api/docs/integrators.md).
COPY --from=build /app/docs/integrators.md ./docs/integrators.md
USER node
EXPOSE 4000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:4000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "api/dist/main.js"]

# The sites: deploy/nginx-site.conf is a template whose parameters the image's envsubst step fills in
# from the environment at start; API_UPSTREAM_SERVERS and PAGE_SERVERS come from docker-compose.yml (one
# `server` line per API replica, per page server). Only these four names are substituted (nginx's own
# $variables are left alone). PAGE_SERVERS defaults to none (the admin portal: every page is its index.html;
# the public site without page servers: the prerendered pages as built).
FROM nginx:1.27-alpine AS site
ENV SITE_LISTEN=80 \
    SITE_ROOT=/usr/share/nginx/html \
    PAGE_SERVERS="server 127.0.0.1:9 down;" \
    NGINX_ENVSUBST_FILTER="^(API_UPSTREAM_SERVERS|SITE_LISTEN|SITE_ROOT|PAGE_SERVERS)\$"
COPY deploy/nginx-site.conf /etc/nginx/templates/default.conf.template

FROM site AS public-site
COPY --from=build /app/public-site/dist /usr/share/nginx/html

FROM site AS admin-portal
COPY --from=build /app/admin-portal/dist /usr/share/nginx/html

# The site server (site-server/dist) for every public page: the public site's build (with its server
# renderer, dist-ssr), asking the API (page data, GET /api/changes) through the public site's nginx
# (the compose service public-site). Only the tools' own scripts stay in the build stage.
FROM node:20-bookworm-slim AS page-server
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/site-server/package.json ./site-server/
COPY --from=build /app/site-server/dist ./site-server/dist
COPY --from=build /app/shared ./shared
COPY --from=build /app/public-site/package.json ./public-site/
# The prerendered templates show the day they were made: after midnight in India the server makes them
# again (public-site/scripts/prerender.mjs) into dist/prerendered, so dist is the server's to write.
COPY --from=build --chown=node:node /app/public-site/dist ./public-site/dist
COPY --from=build /app/public-site/dist-ssr ./public-site/dist-ssr
COPY --from=build /app/public-site/scripts ./public-site/scripts
USER node
EXPOSE 3000
CMD ["node", "site-server/dist/main.js", "public-site/dist", "3000", "http://public-site"]
