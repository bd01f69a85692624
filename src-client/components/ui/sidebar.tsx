/**
 * The admin sidebar: expanded 16rem or collapsed to icons 3rem, remembered in
 * the cookie `sidebar:state` for 7 days; Ctrl/Cmd+B toggles it; below 768 px it is a side sheet 18rem wide.
 */
import { PanelLeft } from 'lucide-react';
import { Slot } from 'radix-ui';
import { type ComponentProps, type CSSProperties, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { cn } from '~/lib/cn';
import { useIsMobile } from '~/lib/use-is-mobile';
import { Button } from './button';
import { Sheet, SheetContent, SheetTitle } from './sheet';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

const SIDEBAR_COOKIE_NAME = 'sidebar:state';
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const SIDEBAR_WIDTH = '16rem';
const SIDEBAR_WIDTH_MOBILE = '18rem';
const SIDEBAR_WIDTH_ICON = '3rem';
const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
/** The tooltip's text as the product has always shown it, slash and space included. */
const TOGGLE_TOOLTIP = 'Navigatiebalk in/ uitklappen';
/** The button's accessible name, what a screen reader reads: the tooltip's words, spelled correctly. */
const TOGGLE_LABEL = 'Navigatiebalk in-/uitklappen';

interface SidebarState {
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

function useSidebar() {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar must be used within a SidebarProvider.');
  return state;
}

function readCookie(): boolean {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  return match?.split('=')[1] !== 'false';
}

export function SidebarProvider({ children }: { children: React.ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readCookie);
  const [openMobile, setOpenMobile] = useState(false);
  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = `${SIDEBAR_COOKIE_NAME}=${value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);
  const toggle = useCallback(() => (isMobile ? setOpenMobile((o) => !o) : setOpen(!open)), [isMobile, open, setOpen]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  const value = useMemo(() => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggle }), [open, setOpen, openMobile, isMobile, toggle]);
  return (
    <SidebarContext.Provider value={value}>
      <TooltipProvider delayDuration={700} skipDelayDuration={300}>
        <div className="flex min-h-full w-full" style={{ '--sidebar-width': SIDEBAR_WIDTH, '--sidebar-width-icon': SIDEBAR_WIDTH_ICON } as CSSProperties}>
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext.Provider>
  );
}

export function Sidebar({ children }: { children: React.ReactNode }) {
  const { isMobile, open, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="left"
          data-mobile="true"
          className="bg-sidebar p-0 text-sidebar-foreground"
          style={{ width: SIDEBAR_WIDTH_MOBILE }}
          aria-describedby={undefined}
        >
          <SheetTitle className="sr-only">Navigatie</SheetTitle>
          <div className="group flex h-full flex-col" data-state="expanded">
            {children}
          </div>
        </SheetContent>
      </Sheet>
    );
  }
  const state = open ? 'expanded' : 'collapsed';
  return (
    <aside
      data-testid="sidebar"
      data-state={state}
      className="group sticky top-0 flex h-svh shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-linear"
      style={{ width: open ? 'var(--sidebar-width)' : 'var(--sidebar-width-icon)' }}
    >
      {children}
    </aside>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle } = useSidebar();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" className={cn('size-8', className)} aria-label={TOGGLE_LABEL} onClick={toggle}>
          <PanelLeft aria-hidden className="size-4" />
        </Button>
      </TooltipTrigger>
      <TooltipContent>{TOGGLE_TOOLTIP}</TooltipContent>
    </Tooltip>
  );
}

export const SidebarHeader = ({ className, ...props }: ComponentProps<'div'>) => <div className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
export const SidebarFooter = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('mt-auto flex flex-col gap-2 p-2', className)} {...props} />
);
export const SidebarContent = ({ className, ...props }: ComponentProps<'div'>) => (
  <nav aria-label="Beheer" className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-x-hidden overflow-y-auto', className)} {...props} />
);
export const SidebarGroup = ({ className, ...props }: ComponentProps<'div'>) => <div className={cn('flex w-full flex-col p-2', className)} {...props} />;
export const SidebarGroupLabel = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('flex h-8 items-center px-2 text-xs font-medium text-muted-foreground group-data-[state=collapsed]:invisible', className)} {...props} />
);
export const SidebarMenu = ({ className, ...props }: ComponentProps<'ul'>) => <ul className={cn('flex w-full flex-col gap-1', className)} {...props} />;
export const SidebarMenuItem = ({ className, ...props }: ComponentProps<'li'>) => <li className={cn('relative', className)} {...props} />;

type MenuButtonProps = ComponentProps<'button'> & { asChild?: boolean; isActive?: boolean; tooltip?: string };

/** A sidebar entry; on a phone a tap also closes the sheet, so the chosen page is what shows. */
export function SidebarMenuButton({ asChild, isActive, tooltip, className, onClick, ...props }: MenuButtonProps) {
  const { open, isMobile, setOpenMobile } = useSidebar();
  const Component = asChild ? Slot.Root : 'button';
  const button = (
    <Component
      data-active={isActive || undefined}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        'flex h-8 w-full items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm transition-colors hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[active]:bg-sidebar-accent data-[active]:font-medium group-data-[state=collapsed]:size-8 group-data-[state=collapsed]:p-2 [&>span]:truncate group-data-[state=collapsed]:[&>span]:sr-only',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (isMobile) setOpenMobile(false);
      }}
      {...props}
    />
  );
  if (!tooltip || open || isMobile) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right">{tooltip}</TooltipContent>
    </Tooltip>
  );
}

export const SidebarInset = ({ className, ...props }: ComponentProps<'main'>) => (
  <main className={cn('flex min-w-0 flex-1 flex-col bg-background', className)} {...props} />
);
