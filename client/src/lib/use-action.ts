import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../components/ui/toast";
import { failureText } from "./error-text";

/**
 * Runs a server call for a button or a dialog: on success an optional confirmation toast, on
 * failure the server's message toasted for 8 seconds (spec 01 §8) and `undefined` — never a throw,
 * so callers only continue on success.
 */
export function useAction() {
  const { t } = useTranslation();
  const toast = useToast();
  return useCallback(
    async <T>(run: () => Promise<T>, success?: (result: T) => string): Promise<T | undefined> => {
      let result: T;
      try {
        result = await run();
      } catch (error) {
        toast.error(failureText(error, t));
        return undefined;
      }
      if (success) toast.success(success(result));
      return result;
    },
    [t, toast],
  );
}
