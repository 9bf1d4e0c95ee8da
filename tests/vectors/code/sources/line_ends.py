# line ends
class A:
    x = 1class B:
    y = '''
'''
class C: pass