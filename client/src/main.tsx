import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18nReady } from "./lib/i18n";
import "./styles.css";
import { App } from "./app/app";
import { preloadPage } from "./app/routes";
import { installGlobalErrorReporting } from "./lib/report";

installGlobalErrorReporting();

// Pages load their code on demand; after a release, a page opened before it asks for chunks that
// are gone from the server. Reloading fetches the new console (at most once a minute, so a chunk
// that really fails to load ends in the crash screen instead of a reload loop).
window.addEventListener("vite:preloadError", (event) => {
  const key = "tracking.chunkReloadAt";
  try {
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    return;
  }
  event.preventDefault();
  window.location.reload();
});

// The page's code downloads while the messages do; the first render waits for both.
await Promise.all([i18nReady, preloadPage(window.location.pathname)]);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
