import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Language } from "../../../shared/enums";
import { isLanguage } from "../../../shared/i18n";
import type { Config } from "../../config";
import { requestLanguage } from "../../core/request-context";
import { PAGE_PATHS, PAGES_CSS, type PageKind, renderPage } from "./pages.render";

// GET /help/ (the console's Help and "Contact support"), /legal/terms/ and /legal/privacy/ (the
// sign-up form's links). Each goes to the configured address when one is set, else to the
// built-in page in the reader's language. Public: people read the terms before they have an account.

type PagesConfig = Pick<
  Config,
  "SUPPORT_URL" | "TERMS_URL" | "PRIVACY_URL" | "SUPPORT_EMAIL" | "REFRESH_INTERVAL"
>;

function configuredUrl(kind: PageKind, config: PagesConfig): string | undefined {
  if (kind === "help") return config.SUPPORT_URL;
  return kind === "terms" ? config.TERMS_URL : config.PRIVACY_URL;
}

/** ?lang= (the console passes its language; the page's switch link uses it), else the headers. */
function pageLanguage(req: FastifyRequest): Language {
  const { lang } = req.query as { lang?: unknown };
  return isLanguage(lang) ? lang : requestLanguage(req);
}

export async function pagesRoutes(app: FastifyInstance, options: { config: PagesConfig }) {
  const { config } = options;
  for (const kind of Object.keys(PAGE_PATHS) as PageKind[]) {
    const path = PAGE_PATHS[kind];
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const external = configuredUrl(kind, config);
      if (external) return reply.redirect(external, 302);
      const lang = pageLanguage(req);
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .header("content-language", lang)
        .header("vary", "Accept-Language, X-Lang")
        .send(
          renderPage(kind, lang, {
            supportEmail: config.SUPPORT_EMAIL,
            refreshIntervalMs: config.REFRESH_INTERVAL,
          }),
        );
    };
    app.get(path, handler);
    // The same page without the trailing slash, as people type it.
    app.get(path.slice(0, -1), handler);
  }
  app.get("/pages/pages.css", async (_req, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=3600").send(PAGES_CSS),
  );
}
