import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { postAuth } from "./auth-api";

export const SIGN_IN_PATH = "/app/auth/signin";

/** Logout: POST /auth/signout, then the sign-in screen on a fresh page load. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await postAuth("/auth/signout");
    } catch (error) {
      // The user asked to leave: go anyway; the server session ends by its own timeout at worst.
      console.error("Sign-out failed", error);
    }
    queryClient.clear();
    // A full load drops every in-memory cache; the sign-in screen re-checks the session itself.
    window.location.assign(SIGN_IN_PATH);
  }, [queryClient]);
}
