// First: configures zod before any schema is parsed.
import "./lib/zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./lib/i18n";
import "./styles.css";
import { App } from "./app/app";
import { installGlobalErrorReporting } from "./lib/report";

installGlobalErrorReporting();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
